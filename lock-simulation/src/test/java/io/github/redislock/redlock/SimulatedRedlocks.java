// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.redlock;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.LongSupplier;

import io.github.redislock.redis.RedisLockStore;

/**
 * Builds the real Redlock on a simulation's clock and timer, through its package-private
 * constructor, so that its rounds of calls run on the simulation's one thread.
 *
 * @author redis-lock contributors
 */
public final class SimulatedRedlocks {

	private SimulatedRedlocks() {
	}

	/**
	 * @param timer the client process's timer, which also runs the calls the Redlock
	 * sends from a thread of its own
	 */
	public static RedlockStore create(List<RedisLockStore> nodes, List<String> nodeNames, Duration nodeTimeout,
			double driftFactor, LongSupplier nanoClock, ScheduledExecutorService timer) {
		return new RedlockStore(nodes, nodeNames, nodeTimeout, driftFactor, nanoClock, timer, timer);
	}

}
