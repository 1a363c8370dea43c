// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
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
