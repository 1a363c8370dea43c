// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.core;

/**
 * Thrown when a lock is asked for once its client has begun to shut down, and to the
 * threads that were waiting for one then. The lock is not held, and whatever was to run
 * under it did not run.
 * <p>
 * It is not a {@link LockAcquisitionException}: the lock was not found busy, and a
 * fallback meant for a busy lock should not stand in for work refused at shutdown.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
public class LockClientClosedException extends LockException {

	public LockClientClosedException(String lockName) {
		super(lockName, "Lock '" + lockName + "' not acquired: the lock client is shutting down and hands out "
				+ "no new locks", null);
	}

}
