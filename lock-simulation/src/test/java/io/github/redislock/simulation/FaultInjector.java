// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.simulation;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Supplier;

/**
 * Schedules a run's faults at random times within its working time, and heals the network
 * at its end: connections killed, server clocks jumping back, client processes crashing
 * (replaced by new ones) and pausing, and when asked for, the faults beyond the timing
 * assumptions (a clock jumping forward, a failover, a restart with empty memory), each
 * reported to the {@link Invariants}.
 *
 * @author redis-lock contributors
 */
final class FaultInjector {

	/** The longest pause of a client process: longer than most leases. */
	private static final long LONGEST_PAUSE_NANOS = 3_000_000_000L;

	private final Scheduler scheduler;

	private final SplittableRandom random;

	private final Deployment deployment;

	private final Network network;

	private final Invariants invariants;

	private final List<SimClient> clients;

	private final Supplier<SimClient> newClient;

	private final Reduction reduction;

	private final List<String> plan = new ArrayList<>();

	private int injected;

	/**
	 * @param newClient starts a new client process and its callers, for one that crashed
	 * @param reduction the planned faults left out
	 */
	FaultInjector(Scheduler scheduler, Deployment deployment, Network network, Invariants invariants,
			List<SimClient> clients, Supplier<SimClient> newClient, Reduction reduction) {
		this.scheduler = scheduler;
		this.random = scheduler.random();
		this.deployment = deployment;
		this.network = network;
		this.invariants = invariants;
		this.clients = clients;
		this.newClient = newClient;
		this.reduction = reduction;
	}

	void plan(FaultSettings faults, long until) {
		if (faults.equals(FaultSettings.NONE)) {
			return;
		}
		this.network.faulty(true);
		this.scheduler.at(until, "faults heal", () -> this.network.faulty(false));
		for (int i = 0; i < faults.connectionKills(); i++) {
			at(until, "kill a connection", () -> {
				List<SimClient> live = live();
				if (!live.isEmpty()) {
					live.get(this.random.nextInt(live.size())).connection.kill();
				}
			});
		}
		for (int i = 0; i < faults.clockJumpsBack(); i++) {
			at(until, "server clock jumps back", () -> jump(-this.random.nextLong(2_000_000_000L)));
		}
		for (int i = 0; i < faults.clientCrashes(); i++) {
			at(until, "a client crashes", this::crash);
		}
		for (int i = 0; i < faults.clientPauses(); i++) {
			at(until, "a client pauses", this::pause);
		}
		if (faults.unsafeFaults()) {
			unsafe(until, "server clock jumps forward", () -> jump(this.random.nextLong(3_000_000_000L)));
			unsafe(until, "failover", this.deployment::failover);
			unsafe(until, "master restarts empty", this.deployment::restartMaster);
		}
	}

	private void jump(long nanos) {
		this.invariants.clockJumped(nanos);
		this.deployment.master().clock().jump(nanos);
	}

	private List<SimClient> live() {
		return this.clients.stream().filter((client) -> !client.process.isCrashed()).toList();
	}

	/**
	 * Kills a client's process, one with a waiting caller if there is one, where a crash
	 * leaves the most behind (a place in a queue); a new process takes its part later.
	 */
	private void crash() {
		List<SimClient> live = live();
		List<SimClient> waiting = live.stream().filter(SimClient::hasWaitingCaller).toList();
		List<SimClient> candidates = waiting.isEmpty() ? live : waiting;
		if (candidates.isEmpty()) {
			return;
		}
		SimClient victim = candidates.get(this.random.nextInt(candidates.size()));
		this.scheduler.note(victim + " crashes");
		victim.crash();
		this.invariants.crashed(victim.name, victim.connection.lastArrival());
		this.scheduler.schedule(500_000_000L + this.random.nextLong(2_500_000_000L), "a new client starts",
				this.newClient::get);
	}

	private void pause() {
		List<SimClient> live = live();
		if (live.isEmpty()) {
			return;
		}
		SimClient victim = live.get(this.random.nextInt(live.size()));
		long nanos = this.random.nextLong(LONGEST_PAUSE_NANOS);
		this.scheduler.note(victim + " pauses for " + nanos / 1_000_000 + " ms");
		this.scheduler.pause(victim.process, nanos);
	}

	/**
	 * Plans the fault at a random time, unless the reduction leaves it out; its time is
	 * drawn either way.
	 */
	private void at(long until, String what, Runnable fault) {
		int number = this.plan.size() + 1;
		long time = this.random.nextLong(until);
		this.plan.add("fault" + number + ": " + what + " at " + time / 1_000_000 + " ms"
				+ (this.reduction.removesFault(number) ? " (left out)" : ""));
		if (this.reduction.removesFault(number)) {
			return;
		}
		this.scheduler.at(time, "FAULT " + what, () -> {
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

	/** The planned faults, in plan order, each named as a {@link Reduction} names it. */
	List<String> plan() {
		return List.copyOf(this.plan);
	}

}
