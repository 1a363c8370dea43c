// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.core;

import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;

import org.springframework.util.Assert;

/**
 * Exponential backoff with jitter between attempts on a busy lock. Release notifications
 * normally wake a waiter first; the backoff is what still gets it through when a
 * notification is lost. Our own small type because Spring's {@code ExponentialBackOff}
 * changed shape between Framework 6 and 7.
 *
 * @param delay the first delay
 * @param multiplier the factor applied to each following delay, at least 1
 * @param maxDelay the largest delay, at most {@link LockDefinition#MAX_LEASE_TIME}
 * @param jitter the fraction, between 0 and 1, by which each delay is randomly shortened
 * or lengthened so that waiters spread out
 * @author redis-lock contributors
 * @since 0.1.0
 */
public record LockBackoff(Duration delay, double multiplier, Duration maxDelay, double jitter) {

	/** 50 ms, doubling up to 1 s, with 20% jitter. */
	public static final LockBackoff DEFAULT = new LockBackoff(Duration.ofMillis(50), 2.0, Duration.ofSeconds(1), 0.2);

	/**
	 * Check the backoff.
	 * @throws IllegalArgumentException if a delay is {@code null}, the delay under 1 ms,
	 * the max delay under the delay or above {@link LockDefinition#MAX_LEASE_TIME}, the
	 * multiplier under 1 or the jitter outside 0 to 1
	 */
	public LockBackoff {
		Assert.notNull(delay, "Backoff delay must not be null");
		Assert.notNull(maxDelay, "Backoff max delay must not be null");
		// Delays are counted in nanoseconds, like leases.
		LockDefinition.checkLeaseTime(delay, () -> "Backoff delay");
		Assert.isTrue(multiplier >= 1.0, () -> "Backoff multiplier must be at least 1, was " + multiplier);
		Assert.isTrue(maxDelay.compareTo(delay) >= 0,
				() -> "Backoff max delay " + maxDelay + " must not be less than the delay " + delay);
		LockDefinition.checkLeaseTime(maxDelay, () -> "Backoff max delay");
		Assert.isTrue(jitter >= 0.0 && jitter <= 1.0, () -> "Backoff jitter must be between 0 and 1, was " + jitter);
	}

	/**
	 * Return the longest delay in nanoseconds, jitter applied.
	 * @return the longest delay in nanoseconds
	 */
	public long maxDelayNanos() {
		return (long) (this.maxDelay.toNanos() * (1 + this.jitter));
	}

	/**
	 * Return the delay in nanoseconds before the given attempt, jitter applied.
	 * @param attempt the number of attempts already failed, from 1
	 * @return the delay in nanoseconds, at least one millisecond
	 */
	public long delayNanos(int attempt) {
		double base = this.delay.toNanos() * Math.pow(this.multiplier, Math.max(0, attempt - 1));
		base = Math.min(base, this.maxDelay.toNanos());
		if (this.jitter > 0) {
			base *= 1 + this.jitter * (2 * ThreadLocalRandom.current().nextDouble() - 1);
		}
		return Math.max(1_000_000L, (long) base);
	}

}
