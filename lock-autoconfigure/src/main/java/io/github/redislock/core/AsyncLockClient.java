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

/**
 * Hands out locks to holders that are not threads, without blocking the calling thread
 * while it waits: the wait is a chain of store calls, timers and release notifications.
 * Implemented by the starter's lock client beside {@link LockClient}.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
public interface AsyncLockClient {

	/**
	 * Acquire a lock, waiting up to the definition's wait time. Cancelling the returned
	 * stage's future abandons the wait, and releases a lock granted meanwhile.
	 * @param definition the lock to acquire
	 * @return the lease, or empty if the lock stayed busy; completes with
	 * {@link LockStoreException} if the store failed and
	 * {@link LockClientClosedException} if the client is stopping
	 * @throws IllegalArgumentException if the definition is {@code null}
	 */
	CompletionStage<Optional<LockLease>> tryAcquireAsync(LockDefinition definition);

}
