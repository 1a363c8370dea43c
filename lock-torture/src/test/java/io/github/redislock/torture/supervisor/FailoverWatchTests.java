// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.torture.supervisor;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import io.github.redislock.torture.supervisor.FailoverWatch.View;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The failover watch places every switch of master in the oracle's sequence, from the
 * last look that found the old master unchallenged until the Sentinels settled and a
 * lease passed, whether or not a fault asked for it, and knows how much longer than their
 * length leases may last after it.
 *
 * @author redis-lock contributors
 */
class FailoverWatchTests {

	private static final String A = "127.0.0.1:14838";

	private static final String B = "127.0.0.1:14138";

	private static final String C = "127.0.0.1:23799";

	private final RecordedEvents events = new RecordedEvents();

	/** A and B 30 s behind the machine, C 30 s ahead, as a clock-skew run leaves them. */
	private final FailoverWatch watch = new FailoverWatch(
			new Offsets(Map.of(A, Duration.ofSeconds(-30), B, Duration.ofSeconds(-30), C, Duration.ofSeconds(30))), A,
			this.events);

	@Test
	void failoversTheSentinelsMakeOnTheirOwnAreOneWindowFromTheLastCalmLookUntilALeaseAfterTheLastSwitch() {
		look(0, Set.of(A), Set.of(A), false);
		this.events.sequence = 200;
		// To B, then to C (30 s ahead), then back to A, each seen by the Sentinels.
		look(50, Set.of(B), Set.of(A, B), true);
		look(100, Set.of(C), Set.of(C), true);
		look(200, Set.of(A), Set.of(A), true);
		for (long millis = 300; millis <= 3100; millis += 100) {
			look(millis, Set.of(A), Set.of(A), false);
		}
		assertThat(this.watch.failovers()).singleElement().satisfies((failover) -> {
			assertThat(failover.from()).isEqualTo(A);
			assertThat(failover.to()).isEqualTo(A);
			assertThat(failover.masters()).containsExactly(A, B, C);
			assertThat(failover.startSequence()).isEqualTo(0);
			assertThat(failover.switchSequence()).isEqualTo(201);
			assertThat(failover.covers(this.events.sequence)).isTrue();
		});
		look(3200, Set.of(A), Set.of(A), false);
		assertThat(this.watch.failovers()).singleElement().satisfies((failover) -> {
			assertThat(failover.endSequence()).isEqualTo(203);
			// Leases written by C, 30 s ahead, on A, 30 s behind: 60 s longer.
			assertThat(failover.leaseLengthening()).isEqualTo(Duration.ofSeconds(60));
		});
		assertThat(this.events.recorded).containsExactly("201 failover " + A + " " + B, "202 failover " + B + " " + C,
				"203 failover " + C + " " + A,
				"204 failover-settled failover from " + A + " to " + A + " through " + B + ", " + C + " (from 0)");
		assertThat(this.watch.switchedSince(200)).isTrue();
		assertThat(this.watch.switchedSince(203)).isFalse();
	}

	@Test
	void leasesLastLongerOnlyUntilTheLeasesTheEarlierMasterWroteHaveRunOutByTheClockOfTheMasterNow() {
		FailoverWatch fromC = new FailoverWatch(
				new Offsets(Map.of(A, Duration.ofSeconds(-30), C, Duration.ofSeconds(30))), C, this.events);
		fromC.observe(new View(Set.of(A), Set.of(A), true), nanos(1000), 1000);
		assertThat(fromC.leaseLengtheningAfter(1000)).isEqualTo(Duration.ofSeconds(60));
		assertThat(fromC.leaseLengtheningAfter(31_000)).isEqualTo(Duration.ofSeconds(30));
		assertThat(fromC.leaseLengtheningAfter(61_000)).isZero();
	}

	@Test
	void aReplacedMasterThatStillSaysItIsMasterLengthensNoLease() {
		FailoverWatch sameClocks = new FailoverWatch(new Offsets(Map.of()), A, this.events);
		sameClocks.observe(new View(Set.of(A), Set.of(A), false), nanos(0), 0);
		sameClocks.observe(new View(Set.of(B), Set.of(B), true), nanos(1000), 1000);
		for (long millis = 1100; millis <= 9000; millis += 100) {
			// A resumed and has not yet been made a replica of B.
			sameClocks.observe(new View(Set.of(B), Set.of(A, B), true), nanos(millis), millis);
		}
		assertThat(sameClocks.leaseLengtheningAfter(1000)).isZero();
		assertThat(sameClocks.failovers()).singleElement()
			.satisfies((failover) -> assertThat(failover.leaseLengthening()).isZero());
	}

	@Test
	void aMasterThatWasDownAndCameBackWithoutASwitchIsNoFailover() {
		look(0, Set.of(A), Set.of(A), false);
		look(100, Set.of(A), Set.of(), true);
		look(700, Set.of(A), Set.of(A), true);
		for (long millis = 800; millis <= 2400; millis += 100) {
			look(millis, Set.of(A), Set.of(A), false);
		}
		assertThat(this.watch.failovers()).isEmpty();
		assertThat(this.watch.switchedSince(0)).isFalse();
		assertThat(this.watch.leaseLengtheningAfter(0)).isZero();
		assertThat(this.events.recorded).isEmpty();
	}

	@Test
	void aWindowStillOpenWhenTheRunEndsEndsAtTheSequenceThen() {
		look(0, Set.of(A), Set.of(A), false);
		look(50, Set.of(B), Set.of(B), true);
		this.events.sequence = 500;
		assertThat(this.watch.failovers()).singleElement()
			.satisfies((failover) -> assertThat(failover.endSequence()).isEqualTo(500));
	}

	private void look(long millis, Set<String> named, Set<String> masters, boolean unsettled) {
		this.watch.observe(new View(named, masters, unsettled), nanos(millis), millis);
	}

	private static long nanos(long millis) {
		return TimeUnit.MILLISECONDS.toNanos(millis);
	}

	private record Offsets(Map<String, Duration> offsets) implements FailoverWatch.Source {

		@Override
		public View look() {
			throw new UnsupportedOperationException("The test hands the views in");
		}

		@Override
		public Duration clockOffset(String address) {
			return this.offsets.getOrDefault(address, Duration.ZERO);
		}

		@Override
		public void close() {
		}

	}

	private static final class RecordedEvents implements FailoverWatch.Events {

		private long sequence;

		private final List<String> recorded = new ArrayList<>();

		@Override
		public long sequence() {
			return this.sequence;
		}

		@Override
		public long record(String kind, String details) {
			this.sequence++;
			this.recorded.add(this.sequence + " " + kind + " " + details);
			return this.sequence;
		}

	}

}
