// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.simulation.server;

/**
 * The simulation's time as a server sees it: what is due later (replication, a
 * {@code WAIT} timing out) runs on the simulation's one thread.
 *
 * @author redis-lock contributors
 */
public interface Timers {

	/** The simulation's time, in nanoseconds. */
	long nanos();

	/** Runs the task after the delay. */
	void schedule(long delayNanos, String what, Runnable task);

}
