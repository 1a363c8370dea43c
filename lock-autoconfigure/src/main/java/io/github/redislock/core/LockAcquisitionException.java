// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.core;

import java.lang.reflect.Method;
import java.time.Duration;

import org.jspecify.annotations.Nullable;

/**
 * Thrown when a lock stays busy for the whole wait time, or the wait is interrupted.
 * Whatever was to run under the lock did not run. Thrown from a {@code @RedisLock} method
 * when neither a fallback method nor a
 * {@link io.github.redislock.annotation.LockAcquisitionFailureHandler} took over, it
 * names that method ({@link #getMethod()}).
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
public class LockAcquisitionException extends LockException {

	private final Duration waitTime;

	private final @Nullable Method method;

	/**
	 * Create an exception for a lock taken by a {@code @RedisLock} method.
	 * @param lockName the evaluated lock name
	 * @param waitTime how long the call was prepared to wait
	 * @param method the annotated method, which was not invoked
	 * @param message the detail message, naming the method and the lock
	 * @param cause the interruption, if the wait was interrupted
	 */
	public LockAcquisitionException(String lockName, Duration waitTime, @Nullable Method method, String message,
			@Nullable Throwable cause) {
		super(lockName, message, cause);
		this.waitTime = waitTime;
		this.method = method;
	}

	/**
	 * Create an exception for a lock taken through the programmatic API.
	 * @param lockName the lock name
	 * @param waitTime how long the call was prepared to wait
	 * @param message the detail message, naming the lock
	 * @param cause the interruption, if the wait was interrupted
	 */
	public LockAcquisitionException(String lockName, Duration waitTime, String message, @Nullable Throwable cause) {
		this(lockName, waitTime, null, message, cause);
	}

	/**
	 * Create an exception for a lock taken through the programmatic API that stayed busy.
	 * @param lockName the lock name
	 * @param waitTime how long the call was prepared to wait
	 */
	public LockAcquisitionException(String lockName, Duration waitTime) {
		this(lockName, waitTime, "Lock '" + lockName + "' not acquired within " + describe(waitTime), null);
	}

	/** Describe a wait time in milliseconds, or as it is when too long for them. */
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

	/**
	 * Return the {@code @RedisLock} method that was not invoked.
	 * @return the method, or {@code null} for a lock taken through the programmatic API
	 */
	public @Nullable Method getMethod() {
		return this.method;
	}

}
