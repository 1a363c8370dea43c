// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
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
 * Leases are checked by {@link LockDefinition#checkLeaseTime}. Wait times are cut to
 * {@link LockDefinition#MAX_LEASE_TIME} instead, since waiting longer than anyone can is
 * what the caller asked for.
 * <p>
 * Public only so that the engine, in a package of its own, shares these checks with the
 * API's value types; application code has no use for it.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
public final class LockArguments {

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

}
