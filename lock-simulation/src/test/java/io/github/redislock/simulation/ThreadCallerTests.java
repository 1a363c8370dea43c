// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.simulation;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Threads calling the blocking API run in the simulation: they lock, wait in their
 * client's queue and are passed the lock by their client's other threads.
 *
 * @author redis-lock contributors
 */
class ThreadCallerTests {

	@Test
	void threadCallersTakeLocksAndPassThemOnWithoutAViolation() {
		for (long seed : new long[] { 2, 3 }) {
			Simulation simulation = new Simulation(SimulationSettings.forSeed(seed));
			SimulationResult result = simulation.run();
			System.out.println("seed " + seed + ": " + result.summary() + ", thread callers answered "
					+ simulation.threadCallerOperations() + " times, passes with a fresh lease "
					+ simulation.passesWithAFreshLease());
			assertThat(result.violations()).isEmpty();
			assertThat(simulation.threadCallerOperations()).isGreaterThan(50);
			assertThat(simulation.passesWithAFreshLease()).isPositive();
		}
	}

}
