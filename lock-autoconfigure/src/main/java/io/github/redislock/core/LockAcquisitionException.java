// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.core;

import java.time.Duration;

import org.jspecify.annotations.Nullable;

/**
 * Thrown when a lock stays busy for the whole wait time, or the wait is interrupted.
 * Whatever was to run under the lock did not run.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
public class LockAcquisitionException extends LockException {

	private final Duration waitTime;

	public LockAcquisitionException(String lockName, Duration waitTime, String message, @Nullable Throwable cause) {
		super(lockName, message, cause);
		this.waitTime = waitTime;
	}

	public LockAcquisitionException(String lockName, Duration waitTime) {
		this(lockName, waitTime, "Lock '" + lockName + "' not acquired within " + describe(waitTime), null);
	}

	/**
	 * Describe a wait time in milliseconds, or as it is when too long for them.
	 */
	private static String describe(Duration waitTime) {
		return (waitTime.compareTo(LockDefinition.MAX_LEASE_TIME) <= 0) ? waitTime.toMillis() + " ms"
				: waitTime.toString();
	}

	/**
	 * Return how long the caller was prepared to wait.
	 * @return the wait time
	 */
	public Duration getWaitTime() {
		return this.waitTime;
	}

}
