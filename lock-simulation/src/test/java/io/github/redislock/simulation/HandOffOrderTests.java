// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.simulation;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The order of hand-offs is checked where the store queues waiters, and there is nothing
 * to check where it does not: under replica acknowledgement no release hands a lock over.
 *
 * @author redis-lock contributors
 */
class HandOffOrderTests {

	@Test
	void releasesOfAStoreThatQueuesWaitersHandLocksOverAndAreChecked() {
		Simulation simulation = new Simulation(SimulationSettings.forSeed(1).withDuration(Duration.ofSeconds(10)));
		SimulationResult result = simulation.run();
		assertThat(result.violations()).isEmpty();
		assertThat(simulation.handOffsChecked()).isGreaterThan(10);
	}

	@Test
	void aStoreThatWaitsForReplicasQueuesNoWaiterSoNoReleaseHandsALockOver() {
		SimulationSettings settings = SimulationSettings.forSeed(8).withDuration(Duration.ofSeconds(10));
		assertThat(settings.acknowledgesWrites()).isTrue();
		Simulation simulation = new Simulation(settings);
		SimulationResult result = simulation.run();
		assertThat(result.violations()).isEmpty();
		assertThat(result.operations()).isGreaterThan(100);
		assertThat(simulation.handOffsChecked()).isZero();
	}

}
