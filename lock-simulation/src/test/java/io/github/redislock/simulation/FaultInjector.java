// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.simulation;

import java.util.List;
import java.util.SplittableRandom;

/**
 * Schedules a run's faults at random times within its working time, and heals the network
 * at its end: connections killed, server clocks jumping back, and when asked for, the
 * faults beyond the timing assumptions (a clock jumping forward, a failover, a restart
 * with empty memory), each reported to the {@link Invariants}.
 *
 * @author redis-lock contributors
 */
final class FaultInjector {

	private final Scheduler scheduler;

	private final SplittableRandom random;

	private final Deployment deployment;

	private final Network network;

	private final Invariants invariants;

	private final List<SimConnection> connections;

	private int injected;

	FaultInjector(Scheduler scheduler, Deployment deployment, Network network, Invariants invariants,
			List<SimConnection> connections) {
		this.scheduler = scheduler;
		this.random = scheduler.random();
		this.deployment = deployment;
		this.network = network;
		this.invariants = invariants;
		this.connections = connections;
	}

	void plan(FaultSettings faults, long until) {
		if (faults.equals(FaultSettings.NONE)) {
			return;
		}
		this.network.faulty(true);
		this.scheduler.at(until, "faults heal", () -> this.network.faulty(false));
		for (int i = 0; i < faults.connectionKills(); i++) {
			at(until, "kill a connection",
					() -> this.connections.get(this.random.nextInt(this.connections.size())).kill());
		}
		for (int i = 0; i < faults.clockJumpsBack(); i++) {
			at(until, "server clock jumps back",
					() -> this.deployment.master().clock().jump(-this.random.nextLong(2_000_000_000L)));
		}
		if (faults.unsafeFaults()) {
			unsafe(until, "server clock jumps forward",
					() -> this.deployment.master().clock().jump(this.random.nextLong(3_000_000_000L)));
			unsafe(until, "failover", this.deployment::failover);
			unsafe(until, "master restarts empty", this.deployment::restartMaster);
		}
	}

	private void at(long until, String what, Runnable fault) {
		this.scheduler.at(this.random.nextLong(until), "FAULT " + what, () -> {
			this.injected++;
			fault.run();
		});
	}

	private void unsafe(long until, String what, Runnable fault) {
		at(until, what, () -> {
			this.invariants.unsafeFault();
			fault.run();
		});
	}

	int injected() {
		return this.injected;
	}

}
