// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.simulation;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A thread interrupted while its attempt is on its way is told as soon as the attempt
 * fails, not after the attempt's take-back too. The long tier found this seed: under
 * replica acknowledgement, an attempt answered late had its {@code WAIT} lost on a broken
 * connection and failed after its store's own give-back; the thread then also waited for
 * the client's give-back, one command timeout more than a wait may take.
 *
 * @author redis-lock contributors
 */
class InterruptedWaitAnsweredAfterAFailedAttemptTests {

	@Test
	void theInterruptedThreadIsAnsweredWithinItsBound() {
		SimulationResult result = new Simulation(SimulationSettings.forSeed(1104281423L)).run();
		assertThat(result.violations()).isEmpty();
	}

}
