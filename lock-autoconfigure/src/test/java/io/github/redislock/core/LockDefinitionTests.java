// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.core;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Tests for {@link LockDefinition}: an invalid definition cannot be created, and one that
 * can be is one the engine can run.
 *
 * @author redis-lock contributors
 */
class LockDefinitionTests {

	@Test
	void leasesAboveTheLongestAreRefusedNamingTheLockAndTheValue() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> LockDefinition.of("four-centuries", Duration.ofDays(400 * 365), Duration.ZERO))
			.withMessage("Lease time of lock 'four-centuries' must be at most PT2562047H47M16.854775807S "
					+ "(about 292 years), was PT3504000H");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> LockDefinition.of("forever", Duration.ofSeconds(Long.MAX_VALUE), Duration.ZERO))
			.withMessageContaining("'forever'");
	}

	@Test
	void locksAreLabelledProgrammaticUnlessGivenALabel() {
		LockDefinition definition = LockDefinition.of("order:42", Duration.ofSeconds(1), Duration.ZERO);
		assertThat(definition.label()).isEqualTo("programmatic");
		assertThat(definition.withLabel("order"))
			.isEqualTo(new LockDefinition("order:42", Duration.ofSeconds(1), Duration.ZERO, true, "order", null));
		assertThatIllegalArgumentException().isThrownBy(() -> definition.withLabel(" "))
			.withMessage("Label of lock 'order:42' must not be null or blank, was ' '");
	}

	@Test
	void theLongestLeaseIsTheLongestTheEngineCanCount() {
		assertThat(LockDefinition.MAX_LEASE_TIME).isEqualTo(Duration.ofNanos(Long.MAX_VALUE));
		assertThat(LockDefinition.of("longest", LockDefinition.MAX_LEASE_TIME, Duration.ZERO).leaseTime())
			.isEqualTo(LockDefinition.MAX_LEASE_TIME);
	}

	@Test
	void waitTimesAboveTheLongestLeaseAreCutToIt() {
		LockDefinition definition = LockDefinition.of("patient", Duration.ofSeconds(1),
				Duration.ofSeconds(Long.MAX_VALUE));
		assertThat(definition.waitTime()).isEqualTo(Duration.ofNanos(Long.MAX_VALUE));
		assertThat(new LockAcquisitionException(definition.name(), definition.waitTime()))
			.hasMessage("Lock 'patient' not acquired within 9223372036854 ms");
	}

	@Test
	void timesToHoldAtLeastOutOfTheRangeOfTheLeaseAreRefusedNamingTheLock() {
		LockDefinition definition = LockDefinition.of("report", Duration.ofSeconds(1), Duration.ZERO);
		assertThatIllegalArgumentException().isThrownBy(() -> definition.withHoldAtLeast(Duration.ofNanos(500)))
			.withMessage("Time to hold lock 'report' at least must be at least 1 ms, was PT0.0000005S");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> definition.withHoldAtLeast(LockDefinition.MAX_LEASE_TIME.plusNanos(1)))
			.withMessageStartingWith("Time to hold lock 'report' at least must be at most");
		assertThat(LockDefinition.checkHoldAtLeast(0, TimeUnit.DAYS, () -> "holdAtLeast")).isZero();
		assertThatIllegalArgumentException()
			.isThrownBy(() -> LockDefinition.checkHoldAtLeast(Long.MAX_VALUE, TimeUnit.DAYS, () -> "holdAtLeast"))
			.withMessage("holdAtLeast must be at most PT2562047H47M16.854775807S (about 292 years), was "
					+ Long.MAX_VALUE + " DAYS");
	}

	@Test
	void timeToHoldAtLeastLongerThanALeaseThatIsNotRenewedIsRefusedNamingTheLock() {
		LockDefinition fixed = new LockDefinition("report", Duration.ofSeconds(2), Duration.ZERO, false);
		assertThatIllegalArgumentException().isThrownBy(() -> fixed.withHoldAtLeast(Duration.ofSeconds(10)))
			.withMessageStartingWith(
					"Time to hold lock 'report' at least (10000 ms) is longer than its lease (2000 ms)");
		assertThat(fixed.withHoldAtLeast(Duration.ofSeconds(2)).holdAtLeast()).hasSeconds(2);
		LockDefinition renewed = LockDefinition.of("report", Duration.ofSeconds(2), Duration.ZERO);
		assertThat(renewed.withHoldAtLeast(Duration.ofSeconds(10)).holdAtLeast()).hasSeconds(10);
	}

	@Test
	void nullArgumentsAreRefusedNamingThem() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> LockDefinition.of(null, Duration.ofSeconds(1), Duration.ZERO))
			.withMessage("Lock name must not be null or blank, was null");
		assertThatIllegalArgumentException().isThrownBy(() -> LockDefinition.of("nulls", null, Duration.ZERO))
			.withMessage("Lease time of lock 'nulls' must not be null");
		assertThatIllegalArgumentException().isThrownBy(() -> LockDefinition.of("nulls", Duration.ofSeconds(1), null))
			.withMessage("Wait time of lock 'nulls' must not be null");
	}

}
