// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.simulation;

import java.util.SplittableRandom;

import io.github.redislock.simulation.server.SimRedis;

/**
 * Replicas that fall behind, for runs whose store waits for their acknowledgements: a
 * replica lagging (each write reaching it 100 to 600 ms late, past the wait for its
 * acknowledgement now and then), and a replica down (the writes reach it only when it is
 * back, in order, as a partial resynchronisation from the backlog brings them). The
 * replication lag of every server follows these windows, whichever is master. A failover
 * is within the timing assumptions here: the promoted replica has every grant, renewal
 * and token its holder was told of.
 *
 * @author redis-lock contributors
 */
final class ReplicaFaults {

	private final Scheduler scheduler;

	private final SplittableRandom random;

	private final Deployment deployment;

	private long lagUntil;

	private long downUntil;

	private int injected;

	private final Invariants invariants;

	ReplicaFaults(Scheduler scheduler, Deployment deployment, Invariants invariants) {
		this.invariants = invariants;
		this.scheduler = scheduler;
		this.random = scheduler.random();
		this.deployment = deployment;
		for (SimRedis server : deployment.servers()) {
			server.replication().lag(this::lag);
		}
	}

	/** The deployment's usual lag, 0.1 to 20 ms, and what a fault adds. */
	private long lag() {
		long lag = 100_000L + this.random.nextLong(20_000_000L);
		long now = this.scheduler.nanos();
		if (now < this.downUntil) {
			return lag + (this.downUntil - now);
		}
		if (now < this.lagUntil) {
			return lag + 100_000_000L + this.random.nextLong(500_000_000L);
		}
		return lag;
	}

	/**
	 * Twice a replica lagging for 0.5 to 2 s, once one down for 0.5 to 3 s, and once one
	 * down for 0.5 to 2 s and promoted before it is back.
	 */
	void plan(long until) {
		for (int i = 0; i < 2; i++) {
			long at = this.random.nextLong(until);
			long length = 500_000_000L + this.random.nextLong(1_500_000_000L);
			this.scheduler.at(at, "replica lags", () -> {
				this.injected++;
				this.invariants.replicaBehind(600_000_000L);
				this.lagUntil = Math.max(this.lagUntil, this.scheduler.nanos() + length);
			});
		}
		long at = this.random.nextLong(until);
		long length = 500_000_000L + this.random.nextLong(2_500_000_000L);
		this.scheduler.at(at, "replica down", () -> {
			this.injected++;
			this.invariants.replicaBehind(length);
			this.downUntil = Math.max(this.downUntil, this.scheduler.nanos() + length);
		});
		long downAt = this.random.nextLong(until);
		long downFor = 500_000_000L + this.random.nextLong(1_500_000_000L);
		long promotedAfter = this.random.nextLong(downFor);
		this.scheduler.at(downAt, "replica down, then promoted", () -> {
			this.injected++;
			this.invariants.replicaBehind(downFor);
			this.downUntil = Math.max(this.downUntil, this.scheduler.nanos() + downFor);
			this.scheduler.at(this.scheduler.nanos() + promotedAfter, "FAULT failover to a replica that is behind",
					this.deployment::failover);
		});
	}

	int injected() {
		return this.injected;
	}

}
