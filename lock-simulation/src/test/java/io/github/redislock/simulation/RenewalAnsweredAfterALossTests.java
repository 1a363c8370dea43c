// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.simulation;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A renewal whose answer is read after its lease was reported lost confirms nothing: the
 * lease stays lost, and counts as run out. The long tier found these seeds, where a
 * client paused past its lease reports the loss on resuming before it reads the answer of
 * a renewal sent before the pause; the answer used to make the lost lease count as
 * lasting.
 *
 * @author redis-lock contributors
 */
class RenewalAnsweredAfterALossTests {

	@ParameterizedTest
	@ValueSource(longs = { 4125858356L, 4125858659L, 4125862747L, 4125872211L })
	void leaveTheLeaseLost(long seed) {
		SimulationResult result = new Simulation(SimulationSettings.forSeed(seed)).run();
		assertThat(result.violations()).isEmpty();
	}

}
