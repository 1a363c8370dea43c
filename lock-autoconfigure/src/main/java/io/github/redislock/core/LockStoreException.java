// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.core;

import org.jspecify.annotations.Nullable;

/**
 * Thrown when the lock store cannot be reached, answers in error, or cannot vouch for a
 * write: fewer replicas acknowledged it than {@code redis-lock.replica-ack.replicas}
 * asks, or fewer than a majority of Redlock nodes answered. Locking fails closed: the
 * lock is not held, and anything the store may have recorded expires with its lease. A
 * store's own failure of this kind is the cause of the one the lock client throws.
 * <p>
 * A fenced Redis write throws it too when the keys it writes cannot vouch for it: a hash
 * write to a key holding another type, or a token key holding something other than a
 * fencing token. Nothing was written, and retrying does not help until the keys are
 * fixed; a write refused for its token throws {@link StaleFencingTokenException}.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
public class LockStoreException extends LockException {

	/**
	 * Create an exception.
	 * @param lockName the lock concerned, or the locks of a batch, comma-separated
	 * @param message what failed, naming the lock
	 * @param cause the store's or its client's failure, if any
	 */
	public LockStoreException(String lockName, String message, @Nullable Throwable cause) {
		super(lockName, message, cause);
	}

	/**
	 * Create an exception with no underlying failure: the store answered, but not enough
	 * of it did.
	 * @param lockName the lock concerned, or the locks of a batch, comma-separated
	 * @param message what failed, naming the lock
	 */
	public LockStoreException(String lockName, String message) {
		super(lockName, message, null);
	}

}
