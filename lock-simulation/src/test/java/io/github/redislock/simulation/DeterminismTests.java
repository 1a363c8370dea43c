// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.simulation;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A seed replays its run exactly: every event, every command and reply, in the same order
 * at the same simulated time, with every fault, so a failing seed can be studied.
 *
 * @author redis-lock contributors
 */
class DeterminismTests {

	@Test
	void theSameSeedGivesTheSameTrace() {
		SimulationSettings settings = SimulationSettings.forSeed(7)
			.withFaults(FaultSettings.ALL)
			.withDuration(Duration.ofSeconds(10));
		assertTheSameRunTwice(settings);
	}

	@Test
	void aSeedWhoseStoreWaitsForReplicasGivesTheSameTrace() {
		SimulationSettings settings = SimulationSettings.forSeed(8)
			.withFaults(FaultSettings.ALL)
			.withDuration(Duration.ofSeconds(10));
		assertThat(settings.acknowledgesWrites()).isTrue();
		assertTheSameRunTwice(settings);
	}

	@Test
	void theSameRedlockSeedGivesTheSameTrace() {
		SimulationSettings settings = SimulationSettings.forSeed(7)
			.withMasters(5)
			.withFaults(FaultSettings.ALL)
			.withDuration(Duration.ofSeconds(10));
		assertTheSameRunTwice(settings);
	}

	@Test
	void aRedlockRunDiffersFromASingleMasterRun() {
		SimulationSettings settings = SimulationSettings.forSeed(7).withDuration(Duration.ofSeconds(5));
		SimulationResult single = new Simulation(settings).run();
		SimulationResult redlock = new Simulation(settings.withMasters(3)).run();
		assertThat(redlock.traceHash()).isNotEqualTo(single.traceHash());
		assertThat(redlock.operations()).isPositive();
	}

	@Test
	void anotherSeedGivesAnotherTrace() {
		SimulationResult first = new Simulation(SimulationSettings.forSeed(7).withDuration(Duration.ofSeconds(5)))
			.run();
		SimulationResult other = new Simulation(SimulationSettings.forSeed(9).withDuration(Duration.ofSeconds(5)))
			.run();
		assertThat(other.traceHash()).isNotEqualTo(first.traceHash());
	}

	private static void assertTheSameRunTwice(SimulationSettings settings) {
		SimulationResult first = new Simulation(settings).run();
		SimulationResult second = new Simulation(settings).run();
		assertThat(first.events()).isGreaterThan(1_000);
		assertThat(second.traceHash()).as("trace hash").isEqualTo(first.traceHash());
		assertThat(second.events()).isEqualTo(first.events());
		assertThat(second.operations()).isEqualTo(first.operations());
	}

}
