// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.simulation;

import java.time.Duration;

import io.github.redislock.redis.SimulatedLockStore;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A failing seed shrinks to a smaller run that breaks the same invariant first, and the
 * smaller run replays exactly from its seed and what it leaves out.
 *
 * @author redis-lock contributors
 */
class ShrinkingTests {

	@Test
	void aFailingSeedShrinksToFewerFaultsAndCallersAndItsReplayFailsTheSameWay() {
		SimulationSettings settings = SimulationSettings.forSeed(1)
			.withStoreFault(SimulatedLockStore.Fault.ONE_OWNER_TOKEN);
		Shrinker.Shrunk shrunk = new Shrinker(settings, 200, Duration.ofSeconds(60)).shrink();
		System.out.println(shrunk.report());
		SimulationResult original = shrunk.original();
		SimulationResult smaller = shrunk.shrunk();
		assertThat(original.passed()).as("the seed fails").isFalse();
		String kind = Shrinker.kind(original.firstViolation());
		assertThat(kind).isEqualTo("two holders of lock");
		assertThat(Shrinker.failsFirstWith(smaller, kind)).as(smaller.firstViolation()).isTrue();
		assertThat(smaller.reduction().isNone()).isFalse();
		assertThat(liveFaults(smaller) + smaller.callers().size())
			.isLessThan(liveFaults(original) + original.callers().size());
		assertThat(smaller.callers()).hasSizeLessThan(original.callers().size());
		assertThat(smaller.replay()).contains(" -Dsim.seed=1 -Dsim.without=" + smaller.reduction());

		Reduction printed = Reduction.parse(smaller.replay().replaceFirst(".* -Dsim.without=", ""));
		assertThat(printed).isEqualTo(smaller.reduction());
		SimulationResult replayed = new Simulation(settings.withReduction(printed)).run();
		assertThat(replayed.firstViolation()).isEqualTo(smaller.firstViolation());
		assertThat(replayed.eventsToViolation()).isEqualTo(smaller.eventsToViolation());
		assertThat(replayed.eventsToViolation()).isLessThanOrEqualTo(original.eventsToViolation());
	}

	@Test
	void aPassingSeedHasNothingToShrink() {
		SimulationSettings settings = SimulationSettings.forSeed(2).withDuration(Duration.ofSeconds(2));
		Shrinker.Shrunk shrunk = new Shrinker(settings, 200, Duration.ofSeconds(60)).shrink();
		assertThat(shrunk.original().passed()).isTrue();
		assertThat(shrunk.runs()).isEqualTo(1);
	}

	@Test
	void aReductionReadsBackAsItIsWritten() {
		Reduction reduction = Reduction.parse("c1/2,fault12,fault3,lost-replies,c3/1");
		assertThat(reduction.toString()).isEqualTo("fault3,fault12,c1/2,c3/1,lost-replies");
		assertThat(Reduction.parse(reduction.toString())).isEqualTo(reduction);
		assertThat(Reduction.parse(" ")).isEqualTo(Reduction.NONE);
	}

	private static long liveFaults(SimulationResult result) {
		return result.plannedFaults().stream().filter((fault) -> !fault.endsWith("(left out)")).count();
	}

}
