// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.core;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Tests for {@link LockBackoff}: delays are bounded like leases, refused with a message
 * naming the value, and the longest allowed never overflows.
 *
 * @author redis-lock contributors
 */
class LockBackoffTests {

	@Test
	void missingDelaysAreRefused() {
		assertThatIllegalArgumentException().isThrownBy(() -> new LockBackoff(null, 2.0, Duration.ofSeconds(1), 0.2))
			.withMessage("Backoff delay must not be null");
		assertThatIllegalArgumentException().isThrownBy(() -> new LockBackoff(Duration.ofMillis(50), 2.0, null, 0.2))
			.withMessage("Backoff max delay must not be null");
	}

	@Test
	void delaysAboveTheLongestLeaseAreRefused() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new LockBackoff(Duration.ofMillis(50), 2.0, Duration.ofSeconds(Long.MAX_VALUE), 0.2))
			.withMessage("Backoff max delay must be at most PT2562047H47M16.854775807S (about 292 years), "
					+ "was PT2562047788015215H30M7S");
		assertThatIllegalArgumentException().isThrownBy(
				() -> new LockBackoff(Duration.ofSeconds(Long.MAX_VALUE), 2.0, Duration.ofSeconds(Long.MAX_VALUE), 0.2))
			.withMessageContaining("Backoff delay must be at most");
	}

	@Test
	void theLongestDelaysDoNotOverflow() {
		LockBackoff longest = new LockBackoff(LockDefinition.MAX_LEASE_TIME, Double.POSITIVE_INFINITY,
				LockDefinition.MAX_LEASE_TIME, 1.0);
		assertThat(longest.maxDelayNanos()).isEqualTo(Long.MAX_VALUE);
		for (int attempt = 1; attempt < 100; attempt++) {
			assertThat(longest.delayNanos(attempt)).isPositive();
		}
	}

}
