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

/**
 * Thrown when a holder finds that its lease ran out or its lock was taken away, so the
 * work it did under the lock may have overlapped with another holder's. It is raised at
 * release so the caller learns of it even when nothing else checked, and also by a
 * re-entry or a request for a fencing token that finds the lease lost.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
public class LockLostException extends LockException {

	public LockLostException(String lockName, String message) {
		super(lockName, message, null);
	}

	/**
	 * Create an exception with a cause: an earlier loss restated with more context, or
	 * the store failure that left the loss the only thing known.
	 * @param lockName the lock name
	 * @param message the message
	 * @param cause the earlier exception
	 */
	public LockLostException(String lockName, String message, LockException cause) {
		super(lockName, message, cause);
	}

}
