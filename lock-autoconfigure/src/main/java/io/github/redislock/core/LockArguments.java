/*
 * Copyright 2026 the original authors.
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *      https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package io.github.redislock.core;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import org.jspecify.annotations.Nullable;

import org.springframework.util.StringUtils;

/**
 * The checks of the public entry points' arguments, in one place so that every entry
 * point refuses the same values with the same message, naming the lock and the argument,
 * before anything reaches the store. Like Spring's {@code Assert}, they throw
 * {@link IllegalArgumentException} for {@code null} too.
 * <p>
 * Leases are refused above {@link LockDefinition#MAX_LEASE_TIME}: the engine counts them
 * in nanoseconds of {@link System#nanoTime()}, and a longer one would overflow after the
 * store had granted it. Wait times are cut to that maximum instead, since waiting longer
 * than anyone can is what the caller asked for.
 * <p>
 * Public only so that the engine, in a package of its own, shares these checks with the
 * API's value types; application code has no use for it.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
public final class LockArguments {

	private static final Duration MIN_LEASE_TIME = Duration.ofMillis(1);

	private LockArguments() {
	}

	/**
	 * Check a lock name.
	 * @param name the name
	 * @return the name
	 * @throws IllegalArgumentException if it is {@code null} or blank
	 */
	public static String name(@Nullable String name) {
		if (!StringUtils.hasText(name)) {
			throw new IllegalArgumentException(
					"Lock name must not be null or blank, was " + ((name != null) ? "'" + name + "'" : "null"));
		}
		return name;
	}

	/**
	 * Check the label a lock is reported under.
	 * @param name the lock name, for the message
	 * @param label the label
	 * @return the label
	 * @throws IllegalArgumentException if the label is {@code null} or blank
	 */
	public static String label(@Nullable String name, @Nullable String label) {
		if (!StringUtils.hasText(label)) {
			throw new IllegalArgumentException("Label of lock '" + name + "' must not be null or blank, was "
					+ ((label != null) ? "'" + label + "'" : "null"));
		}
		return label;
	}

	/**
	 * Check a lease.
	 * @param name the lock name, or {@code null} for a client's default lease
	 * @param leaseTime the lease
	 * @return the lease
	 * @throws IllegalArgumentException if it is {@code null}, under 1 ms or above
	 * {@link LockDefinition#MAX_LEASE_TIME}
	 */
	public static Duration leaseTime(@Nullable String name, @Nullable Duration leaseTime) {
		if (leaseTime == null) {
			throw new IllegalArgumentException(leaseTimeOf(name) + " must not be null");
		}
		if (!isInRange(leaseTime)) {
			throw outOfRange(name, isTooShort(leaseTime), leaseTime);
		}
		return leaseTime;
	}

	/**
	 * Check a lease given as an amount of a unit.
	 * @param name the lock name
	 * @param leaseTime the amount
	 * @param unit the unit
	 * @return the lease
	 * @throws IllegalArgumentException if the unit is {@code null}, or the lease under 1
	 * ms or above {@link LockDefinition#MAX_LEASE_TIME}
	 */
	public static Duration leaseTime(String name, long leaseTime, @Nullable TimeUnit unit) {
		TimeUnit checked = unit(name, unit);
		// TimeUnit saturates: refuse rather than hold a lease shorter than asked for.
		boolean saturated = leaseTime > checked.convert(Long.MAX_VALUE, TimeUnit.NANOSECONDS);
		Duration lease = Duration.ofNanos(checked.toNanos(leaseTime));
		if (saturated || !isInRange(lease)) {
			throw outOfRange(name, !saturated && isTooShort(lease), leaseTime + " " + unit);
		}
		return lease;
	}

	/**
	 * Check a wait time and cut it to {@link LockDefinition#MAX_LEASE_TIME}.
	 * @param name the lock name
	 * @param waitTime the wait time
	 * @return the wait time, at most {@link LockDefinition#MAX_LEASE_TIME}
	 * @throws IllegalArgumentException if it is {@code null} or negative
	 */
	public static Duration waitTime(String name, @Nullable Duration waitTime) {
		if (waitTime == null) {
			throw new IllegalArgumentException("Wait time of lock '" + name + "' must not be null");
		}
		if (waitTime.isNegative()) {
			throw new IllegalArgumentException(
					"Wait time of lock '" + name + "' must not be negative, was " + waitTime);
		}
		return (waitTime.compareTo(LockDefinition.MAX_LEASE_TIME) > 0) ? LockDefinition.MAX_LEASE_TIME : waitTime;
	}

	/**
	 * Check the unit of a time.
	 * @param name the lock name
	 * @param unit the unit
	 * @return the unit
	 * @throws IllegalArgumentException if it is {@code null}
	 */
	public static TimeUnit unit(String name, @Nullable TimeUnit unit) {
		if (unit == null) {
			throw new IllegalArgumentException("Time unit of lock '" + name + "' must not be null");
		}
		return unit;
	}

	private static boolean isInRange(Duration leaseTime) {
		return !isTooShort(leaseTime) && leaseTime.compareTo(LockDefinition.MAX_LEASE_TIME) <= 0;
	}

	/**
	 * A lease under 1 ms would reach Redis as {@code PX 0}, which it refuses.
	 */
	private static boolean isTooShort(Duration leaseTime) {
		return leaseTime.compareTo(MIN_LEASE_TIME) < 0;
	}

	private static IllegalArgumentException outOfRange(@Nullable String name, boolean tooShort, Object given) {
		String bound = tooShort ? "at least 1 ms" : "at most " + LockDefinition.MAX_LEASE_TIME + " (about 292 years)";
		return new IllegalArgumentException(leaseTimeOf(name) + " must be " + bound + ", was " + given);
	}

	private static String leaseTimeOf(@Nullable String name) {
		return (name != null) ? "Lease time of lock '" + name + "'" : "Default lease time";
	}

}
