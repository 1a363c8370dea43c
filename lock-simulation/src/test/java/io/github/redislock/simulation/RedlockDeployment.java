// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.simulation;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.BiConsumer;

import io.github.redislock.simulation.server.SimRedis;

/**
 * Independent masters without replicas, for a Redlock: each with its own clock, which
 * runs up to 0.5% fast or slow, and its own faults (a partition from one client, a pause,
 * a restart after the longest lease, its clock jumping back), all within the Redlock's
 * timing assumptions.
 *
 * @author redis-lock contributors
 */
final class RedlockDeployment {

	/** How long a Redlock waits for its masters' replies to each round of calls. */
	static final Duration NODE_TIMEOUT = Duration.ofMillis(250);

	/** Covers the masters' clocks running up to 0.5% off. */
	static final double DRIFT_FACTOR = 0.01;

	/** The longest pause of a master. */
	static final long LONGEST_PAUSE_NANOS = 1_500_000_000L;

	/** Longer than the longest lease, as the Redlock requires of a restart. */
	private static final long RESTART_DELAY_NANOS = Invariants.LONGEST_LEASE_NANOS + 500_000_000L;

	private final Scheduler scheduler;

	private final List<Deployment> masters = new ArrayList<>();

	RedlockDeployment(Scheduler scheduler, int count, BiConsumer<SimRedis, Set<String>> writes) {
		this.scheduler = scheduler;
		SplittableRandom random = scheduler.random();
		for (int i = 0; i < count; i++) {
			Deployment master = new Deployment(scheduler, "m" + i + "-redis-", 0, writes);
			master.master().clock().rate(1 + (random.nextDouble() * 2 - 1) * 0.005);
			this.masters.add(master);
		}
	}

	List<Deployment> masters() {
		return this.masters;
	}

	int quorum() {
		return this.masters.size() / 2 + 1;
	}

	/** Every master's server. */
	List<SimRedis> servers() {
		return this.masters.stream().map(Deployment::master).toList();
	}

	/** Plans the Redlock's own faults, besides those every run has. */
	void plan(FaultInjector injector, FaultSettings faults, long until, List<SimClient> clients,
			Invariants invariants) {
		if (faults.equals(FaultSettings.NONE)) {
			return;
		}
		SplittableRandom random = this.scheduler.random();
		for (int i = 0; i < 3; i++) {
			injector.at(until, "a client is cut off a master", () -> {
				List<SimClient> live = clients.stream().filter((client) -> !client.process.isCrashed()).toList();
				if (live.isEmpty()) {
					return;
				}
				SimClient client = live.get(random.nextInt(live.size()));
				int master = random.nextInt(this.masters.size());
				long nanos = 200_000_000L + random.nextLong(2_800_000_000L);
				this.scheduler.note(
						client + " cut off " + this.masters.get(master).master() + " for " + nanos / 1_000_000 + " ms");
				client.connections.get(master).partition(nanos);
				client.subscribers.get(master).partition(nanos);
			});
		}
		for (int i = 0; i < 2; i++) {
			injector.at(until, "a master pauses", () -> {
				Deployment master = this.masters.get(random.nextInt(this.masters.size()));
				long nanos = 100_000_000L + random.nextLong(LONGEST_PAUSE_NANOS - 100_000_000L);
				this.scheduler.note(master.master() + " pauses for " + nanos / 1_000_000 + " ms");
				master.pause(nanos);
			});
		}
		for (int i = 0; i < 2; i++) {
			injector.at(until, "a master's clock jumps back", () -> {
				Deployment master = this.masters.get(random.nextInt(this.masters.size()));
				long nanos = random.nextLong(2_000_000_000L);
				this.scheduler.note(master.master() + " clock jumps back " + nanos / 1_000_000 + " ms");
				invariants.clockJumped(-nanos);
				master.master().clock().jump(-nanos);
			});
		}
		injector.at(until, "a master restarts empty after the longest lease", () -> {
			Deployment master = this.masters.get(random.nextInt(this.masters.size()));
			this.scheduler.note(master.master() + " goes down for " + RESTART_DELAY_NANOS / 1_000_000 + " ms");
			master.down(RESTART_DELAY_NANOS);
		});
		for (int i = 0; i < 4; i++) {
			injector.at(until, "a master forgets a lock script",
					() -> injector.forgetScript(this.masters.get(random.nextInt(this.masters.size())).master()));
		}
		for (int i = 0; i < 2; i++) {
			injector.at(until, "a master's script cache churns",
					() -> injector.churnScriptCache(this.masters.get(random.nextInt(this.masters.size())).master()));
		}
		for (int i = 0; i < 3; i++) {
			injector.at(until, "kill a connection to a master", () -> {
				List<SimClient> live = clients.stream().filter((client) -> !client.process.isCrashed()).toList();
				if (!live.isEmpty()) {
					SimClient client = live.get(random.nextInt(live.size()));
					client.connections.get(random.nextInt(client.connections.size())).kill();
				}
			});
		}
	}

}
