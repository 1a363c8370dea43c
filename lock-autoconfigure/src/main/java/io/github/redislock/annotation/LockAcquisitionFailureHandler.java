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
package io.github.redislock.annotation;

import io.github.redislock.core.LockNotAcquiredException;

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

	/**
	 * The default handler, which throws the exception.
	 */
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
	@Nullable Object handle(LockNotAcquiredException exception, @Nullable Object[] arguments) throws Throwable;

}
