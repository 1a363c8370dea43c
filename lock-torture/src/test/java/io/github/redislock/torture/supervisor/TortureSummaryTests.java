// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.torture.supervisor;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.github.redislock.torture.oracle.FencedTable;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The summary tells a fencing token gone backwards (a holder granted after another got
 * the smaller token, as after a failover to a replica that lacked the last tokens) from a
 * stale holder that was never told, from the order in which holders asked and entered.
 *
 * @author redis-lock contributors
 */
class TortureSummaryTests {

	private static final InjectedFault FAILOVER = new InjectedFault(FaultKind.FAILOVER_TO_REPLICA_BEHIND, "torture:k0",
			4, 100, 200, 3000, true);

	@Test
	void aLaterHoldersSmallerTokenIsATokenGoneBackwardsNotAStaleHolderNeverTold() {
		TortureSummary summary = summary(List.of(FAILOVER), Set.of("torture:k2 900"),
				"150 token-regression torture:k2 w0.0/t1/1=500 accepted-before=900",
				// The holder inside entered (140) before the entering one asked (145): it
				// is
				// the older holder, whatever its larger token, and it was told.
				"151 overlap torture:k2 w0.0/t1/2=501 w1.0/t0/9=900@140 asked-at=145");
		assertThat(summary.violations()).isEmpty();
		assertThat(summary.toString()).containsPattern("Tokens gone backwards \\(later holder refused\\) +0 +1")
			.containsPattern("most on one lock after one fault +1");
	}

	@Test
	void anOlderHolderInsideThatWasNeverToldIsStillAViolationWhateverItsToken() {
		TortureSummary summary = summary(List.of(FAILOVER), Set.of(),
				"151 overlap torture:k2 w0.0/t1/2=501 w1.0/t0/9=900@140 asked-at=145");
		assertThat(summary.violations()).singleElement()
			.asString()
			.startsWith("overlap not reported to the older holder w1.0/t0/9=900@140");
	}

	@Test
	void aHolderThatWasAlreadyAskingIsOrderedByTokenAndMustBeToldWhenSmaller() {
		TortureSummary summary = summary(List.of(FAILOVER), Set.of(),
				"150 stale-entry torture:k2 w0.0/t1/1=500 accepted-before=900",
				"151 overlap torture:k2 w0.0/t1/1=500 w1.0/t0/9=900@148 asked-at=145");
		assertThat(summary.violations()).hasSize(2)
			.anySatisfy((violation) -> assertThat(violation).startsWith("stale holder not told its lease was lost"))
			.anySatisfy((violation) -> assertThat(violation)
				.startsWith("overlap not reported to the older holder w0.0/t1/1=500"));
	}

	@Test
	void moreTokensGoneBackwardsOnOneLockAfterOneFaultThanARaiseAllowsIsAViolation() {
		TortureSummary summary = summary(List.of(FAILOVER), Set.of(),
				"150 token-regression torture:k2 w0.0/t1/1=500 accepted-before=900",
				"152 token-regression torture:k2 w0.0/t1/2=501 accepted-before=900",
				"154 token-regression torture:k2 w0.0/t1/3=502 accepted-before=900",
				"156 token-regression torture:k3 w0.0/t1/4=503 accepted-before=900");
		assertThat(summary.violations()).singleElement()
			.asString()
			.startsWith(
					"fencing tokens went backwards for 3 holders of torture:k2 after failover, replica 30 s behind");
	}

	@Test
	void aTokenGoneBackwardsOutsideEveryFaultIsAViolation() {
		TortureSummary summary = summary(List.of(FAILOVER), Set.of(),
				"250 token-regression torture:k2 w0.0/t1/1=500 accepted-before=900");
		assertThat(summary.violations()).singleElement()
			.asString()
			.startsWith("fencing token went backwards inside the timing assumptions");
	}

	private static TortureSummary summary(List<InjectedFault> faults, Set<String> reported, String... events) {
		Leftovers leftovers = new Leftovers(Set.of(), Map.of(), 0, Map.of("w0", Map.of("heldLocks", "0", "waits", "0")),
				Map.of(), List.of(), 0);
		return new TortureSummary(List.of("header"), Map.of(), new FencedTable.Check(0, 0, List.of()), 0,
				Set.of(FaultKind.FAILOVER_TO_REPLICA_BEHIND), faults, 0, List.of(events), reported, List.of(),
				List.of(), leftovers, List.of(), Duration.ofMinutes(1));
	}

}
