// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.simulation;

import java.util.function.Function;

import io.github.redislock.redis.SimulatedLockStore;
import io.github.redislock.redis.SimulatedScripts;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The simulation finds known faults when they are put back: a check that finds nothing on
 * the real code proves something only if it finds these within the CI tier's seeds.
 *
 * @author redis-lock contributors
 */
class MutationTests {

	@Test
	void findsAReleaseWithoutTheOwnerCheck() {
		SimulatedScripts releasesAnyHolder = SimulatedScripts.real()
			.withRelease((source) -> source.replace("if not ownedBy(value, ARGV[1]) then", "if not value then"));
		assertFound((seed) -> SimulationSettings.forSeed(seed).withScripts(releasesAnyHolder));
	}

	@Test
	void findsOneOwnerTokenReusedAcrossHolds() {
		assertFound(
				(seed) -> SimulationSettings.forSeed(seed).withStoreFault(SimulatedLockStore.Fault.ONE_OWNER_TOKEN));
	}

	/** Runs the CI tier's seeds until one breaks an invariant. */
	private static void assertFound(Function<Long, SimulationSettings> settings) {
		SimulationResult found = null;
		for (long seed = 1; seed <= SimulationTier.CI_SEEDS && found == null; seed++) {
			SimulationResult result = new Simulation(settings.apply(seed)).run();
			if (!result.passed()) {
				found = result;
			}
		}
		assertThat(found).as("a seed of the CI tier that finds the fault").isNotNull();
		System.out.println("Found by " + found.summary() + ": " + found.violations().get(0));
	}

}
