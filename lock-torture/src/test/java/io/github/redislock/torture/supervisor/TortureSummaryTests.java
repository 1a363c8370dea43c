// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.torture.supervisor;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.github.redislock.torture.oracle.FencedTable;
import io.github.redislock.torture.supervisor.FaultInjector.PauseWindow;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The summary tells a fencing token gone backwards (a holder granted after another got
 * the smaller token, as after a failover to a replica that lacked the last tokens) from a
 * stale holder that was never told, from the order in which holders asked and entered,
 * and counts what happened in a failover's window beyond the timing assumptions, also
 * when no fault of the schedule asked for the failover. An acquisition past its bound is
 * excused only by as long as its own JVM was seen stalled.
 *
 * @author redis-lock contributors
 */
class TortureSummaryTests {

	private static final InjectedFault FAILOVER = new InjectedFault(FaultKind.FAILOVER_TO_REPLICA_BEHIND, "torture:k0",
			4, 100, 200, 3000, true);

	private static final InjectedFault RESTART = new InjectedFault(FaultKind.REDIS_RESTARTED_EMPTY, "torture:k1", 2,
			100, 200, 600, true);

	/**
	 * Failovers the Sentinels made by themselves, after the restart's window closed: to a
	 * replica, then to a master whose clock is 30 s ahead, then back to the restarted
	 * master, 30 s behind.
	 */
	private static final Failover UNSCHEDULED = new Failover("127.0.0.1:14838", "127.0.0.1:14838",
			List.of("127.0.0.1:14838", "127.0.0.1:14138", "127.0.0.1:23799"), 1100, 1180, 1300, Duration.ofSeconds(60));

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

	@Test
	void aFailoverTheScheduleDidNotInjectExplainsWhatHappenedInItsWindowAndIsNoted() {
		// The Sentinels failed over long after a restart of the master had healed
		// (100 to 200), and the promoted replica lacked the last fencing tokens.
		TortureSummary summary = summary(List.of(RESTART), List.of(UNSCHEDULED), Set.of(),
				"1210 token-regression torture:k2 w0.2/t1/1126=500 accepted-before=900",
				"1212 overlap torture:k1 w0.0/t1/2=501 w1.0/t0/9=400@1150 asked-at=1205");
		assertThat(summary.violations()).singleElement()
			.asString()
			.startsWith("overlap not reported to the older holder w1.0/t0/9=400@1150");
		assertThat(summary.toString()).contains("Failovers seen 1 (1 not injected by the schedule)")
			.contains("Note: failover not injected by the schedule: from 127.0.0.1:14838 to 127.0.0.1:14838 through "
					+ "127.0.0.1:14138, 127.0.0.1:23799, switched at 1180; events 1100 to 1300 counted beyond the "
					+ "timing assumptions, leases lengthened by up to 60,000 ms")
			.containsPattern("Overlaps \\(timing assumptions\\) +0 +1")
			.containsPattern("Tokens gone backwards \\(later holder refused\\) +0 +1");
	}

	@Test
	void aTokenGoneBackwardsJustOutsideAnUnscheduledFailoversWindowIsStillAViolation() {
		TortureSummary summary = summary(List.of(RESTART), List.of(UNSCHEDULED), Set.of(),
				"1301 token-regression torture:k2 w0.2/t1/1126=500 accepted-before=900");
		assertThat(summary.violations()).singleElement()
			.asString()
			.startsWith("fencing token went backwards inside the timing assumptions: 1301");
	}

	@Test
	void moreTokensGoneBackwardsOnOneLockAfterAnUnscheduledFailoverThanARaiseAllowsIsAViolation() {
		TortureSummary summary = summary(List.of(RESTART), List.of(UNSCHEDULED), Set.of(),
				"1210 token-regression torture:k2 w0.0/t1/1=500 accepted-before=900",
				"1220 token-regression torture:k2 w0.0/t1/2=501 accepted-before=900",
				"1230 token-regression torture:k2 w0.0/t1/3=502 accepted-before=900");
		assertThat(summary.violations()).singleElement()
			.asString()
			.startsWith("fencing tokens went backwards for 3 holders of torture:k2 after failover from "
					+ "127.0.0.1:14838 to 127.0.0.1:14838");
	}

	@Test
	void aFailoverARedisFaultAskedForIsNotNoted() {
		Failover own = new Failover("127.0.0.1:14838", "127.0.0.1:14138", List.of("127.0.0.1:14838", "127.0.0.1:14138"),
				90, 150, 400, Duration.ZERO);
		TortureSummary summary = summary(List.of(RESTART), List.of(own), Set.of(),
				"390 token-regression torture:k2 w0.0/t1/1=500 accepted-before=900");
		assertThat(summary.violations()).isEmpty();
		assertThat(summary.toString()).contains("Failovers seen 1 (0 not injected by the schedule)")
			.doesNotContain("not injected by the schedule:");
	}

	@Test
	void anAcquisitionPastItsBoundWhileItsOwnJvmStalledAtLeastAsLongIsExcusedAndNoted() {
		TortureSummary summary = summaryOfLateCalls(List.of("w0.0 1000 3530 2530 30 torture:k1 acquired"),
				List.of(new PauseWindow("w0.0", 2000, 2040), new PauseWindow("w1.0", 2000, 2500)));

		assertThat(summary.violations()).isEmpty();
		assertThat(summary.toString()).contains("acquisition past its bound by 30 ms while its JVM stalled 40 ms")
			.contains("worker JVMs stalled 2 times, the longest 500 ms");
	}

	@Test
	void anAcquisitionPastItsBoundByMoreThanItsJvmStalledIsAViolation() {
		TortureSummary summary = summaryOfLateCalls(List.of("w0.0 1000 3530 2530 30 torture:k1 not acquired"),
				List.of(new PauseWindow("w0.0", 2000, 2020), new PauseWindow("w0.0", 3600, 3700),
						new PauseWindow("w1.0", 2000, 2500)));

		assertThat(summary.violations())
			.containsExactly("acquisition waited past its wait time and its last attempt: w0.0 1000 3530 2530 30 "
					+ "torture:k1 not acquired");
	}

	private static TortureSummary summary(List<InjectedFault> faults, Set<String> reported, String... events) {
		return summary(faults, List.of(), reported, events);
	}

	private static TortureSummary summary(List<InjectedFault> faults, List<Failover> failovers, Set<String> reported,
			String... events) {
		return new TortureSummary(List.of("header"), Map.of(), new FencedTable.Check(0, 0, List.of()), 0,
				Set.of(FaultKind.FAILOVER_TO_REPLICA_BEHIND, FaultKind.REDIS_RESTARTED_EMPTY), faults, failovers, 0,
				List.of(events), reported, List.of(), List.of(), List.of(), nothingLeft(), List.of(),
				Duration.ofMinutes(1));
	}

	private static TortureSummary summaryOfLateCalls(List<String> lateCalls, List<PauseWindow> stalls) {
		return new TortureSummary(List.of("header"), Map.of(), new FencedTable.Check(0, 0, List.of()), 0, Set.of(),
				List.of(), List.of(), 0, List.of(), Set.of(), lateCalls, List.of(), stalls, nothingLeft(), List.of(),
				Duration.ofMinutes(1));
	}

	private static Leftovers nothingLeft() {
		return new Leftovers(Set.of(), Map.of(), 0, Map.of("w0", Map.of("heldLocks", "0", "waits", "0")), Map.of(),
				List.of(), 0);
	}

}
