// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.annotation;

import io.github.redislock.core.LockAcquisitionException;

import org.jspecify.annotations.Nullable;

/**
 * Decides, for the whole application, what a {@code @RedisLock} method returns when its
 * lock is not acquired and the annotation names no fallback method: throw (the default),
 * return a placeholder result, or translate the exception into the application's own.
 * Declare one as a bean to replace the default.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
@FunctionalInterface
public interface LockAcquisitionFailureHandler {

	/** The default handler, which throws the exception. */
	LockAcquisitionFailureHandler THROW = (exception, arguments) -> {
		throw exception;
	};

	/**
	 * Handle a lock that was not acquired.
	 * @param exception what was not acquired, with the lock name, the method and the wait
	 * time
	 * @param arguments the arguments of the call that was not invoked
	 * @return the value to return from the annotated method, which must be assignable to
	 * its return type ({@code null} for {@code void})
	 * @throws Throwable the exception to throw from the annotated method
	 */
	@Nullable Object handle(LockAcquisitionException exception, @Nullable Object[] arguments) throws Throwable;

}
