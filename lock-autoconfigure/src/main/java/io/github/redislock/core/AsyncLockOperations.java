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

import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;

/**
 * Runs asynchronous work under a lock described by a {@link LockDefinition}, holding it
 * from before the work starts until the stage it returns completes. Implemented by
 * {@link AsyncLockTemplate}.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 * @see LockOperations
 */
public interface AsyncLockOperations {

	/**
	 * Start the action once the lock is held, and release the lock when the action's
	 * stage completes, normally or not.
	 * @param <T> the result type
	 * @param definition the lock to hold
	 * @param action starts the work, given the lease (for its fencing token); called on a
	 * thread of the lock or Redis client, so it must not block
	 * @return the action's result; completes with {@link LockAcquisitionException} if the
	 * lock was not acquired within the wait time (the action did not run), or with
	 * {@link LockLostException} if the action completed but the lease had been lost
	 */
	<T> CompletionStage<T> execute(LockDefinition definition,
			Function<? super LockLease, ? extends CompletionStage<T>> action);

	/**
	 * Acquire the lock, waiting up to the definition's wait time.
	 * @param definition the lock to acquire
	 * @return the lease to release when done, or empty if the lock stayed busy
	 */
	CompletionStage<Optional<LockLease>> tryAcquire(LockDefinition definition);

}
