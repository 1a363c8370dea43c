// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.simulation;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The real lock client and scripts keep the lock's invariants on every seed of the tier
 * (see {@link SimulationTier}; {@code docs/simulation.md} has the commands).
 *
 * @author redis-lock contributors
 */
class SimulationTests {

	@Test
	void everySeedKeepsTheInvariants() {
		List<SimulationResult> failed = SimulationTier.run(SimulationSettings::forSeed);
		assertThat(failed).as("seeds that broke an invariant (reports above)")
			.extracting(SimulationResult::summary)
			.isEmpty();
	}

}
