// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.core;

import java.lang.reflect.Method;
import java.time.Duration;

import org.jspecify.annotations.Nullable;

/**
 * Thrown when a {@code @RedisLock} method's lock stayed busy for the whole wait time (or
 * the wait was interrupted), and neither a fallback method nor a custom
 * {@link io.github.redislock.annotation.LockAcquisitionFailureHandler} took over. The
 * method was not invoked. Carries the lock name, the method and the wait time.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
public class LockNotAcquiredException extends LockAcquisitionException {

	private final Method method;

	/**
	 * Create an exception.
	 * @param message the detail message, naming the method and the lock
	 * @param lockName the evaluated lock name
	 * @param waitTime how long the call was prepared to wait
	 * @param method the annotated method
	 * @param cause the interruption, if the wait was interrupted
	 */
	public LockNotAcquiredException(String message, String lockName, Duration waitTime, Method method,
			@Nullable Throwable cause) {
		super(lockName, waitTime, message, cause);
		this.method = method;
	}

	/**
	 * Return the annotated method that was not invoked.
	 * @return the method
	 */
	public Method getMethod() {
		return this.method;
	}

}
