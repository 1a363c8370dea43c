// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.core;

import java.time.Duration;
import java.util.concurrent.CompletionStage;

/**
 * A lock acquired through {@link LockOperations#tryAcquire}, released by
 * {@link #close()}, so that try-with-resources releases it on every path. Closing twice
 * releases once.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
public final class AcquiredLock implements AutoCloseable {

	private final DistributedLock lock;

	private boolean closed;

	AcquiredLock(DistributedLock lock) {
		this.lock = lock;
	}

	/**
	 * Return the lock name.
	 * @return the lock name
	 */
	public String getName() {
		return this.lock.getName();
	}

	/**
	 * Return the fencing token of this acquisition, asking the store for one the first
	 * time.
	 * @return the fencing token
	 * @throws IllegalStateException if the lock was released through this handle
	 * @throws IllegalMonitorStateException if the current thread does not hold the lock
	 * @throws LockLostException if the lease was lost before the token was issued
	 * @see DistributedLock#getFencingToken()
	 */
	public long getFencingToken() {
		if (this.closed) {
			throw new IllegalStateException("Lock '" + this.lock.getName() + "' was released through this handle");
		}
		return this.lock.getFencingToken();
	}

	/**
	 * Make every fencing token issued for this lock name from now on larger than the
	 * given one, which a fenced resource holds.
	 * @param token the token the resource holds, positive
	 * @return whether tokens were raised
	 * @see DistributedLock#raiseFencingTokensAbove(long)
	 */
	public boolean raiseFencingTokensAbove(long token) {
		return this.lock.raiseFencingTokensAbove(token);
	}

	/**
	 * Return how long the lease is known to last.
	 * @return the remaining lease, {@link Duration#ZERO} once released or lost
	 */
	public Duration getRemainingLease() {
		return this.closed ? Duration.ZERO : this.lock.getRemainingLease();
	}

	/**
	 * Return how many times the current thread holds this lock: more than once when this
	 * handle re-entered a hold the thread had already.
	 * @return the hold count, {@code 0} once released or if not held by the current
	 * thread
	 */
	public int getHoldCount() {
		return this.closed ? 0 : this.lock.getHoldCount();
	}

	/**
	 * Return a stage that completes when this hold is found lost while held, so that its
	 * work can stop early; see {@link DistributedLock#whenLost()}. Must be called by the
	 * thread holding the lock.
	 * @return the loss, as the exception {@link #close()} throws
	 * @throws IllegalStateException if the lock was released through this handle
	 * @throws IllegalMonitorStateException if the current thread does not hold the lock
	 */
	public CompletionStage<LockLostException> whenLost() {
		if (this.closed) {
			throw new IllegalStateException("Lock '" + this.lock.getName() + "' was released through this handle");
		}
		return this.lock.whenLost();
	}

	/**
	 * Return whether the lock is still held with a valid lease.
	 * @return whether the lock is held
	 */
	public boolean isHeld() {
		return !this.closed && this.lock.isHeldByCurrentThread();
	}

	/**
	 * Release the lock, once. Must be called by the thread that acquired it: a call from
	 * another thread fails and leaves the handle open, for its owner to close.
	 * @throws IllegalMonitorStateException if the current thread does not hold the lock
	 * @throws LockLostException if the lease had been lost before release
	 */
	@Override
	public void close() {
		if (this.closed) {
			return;
		}
		try {
			this.lock.unlock();
		}
		catch (IllegalMonitorStateException ex) {
			throw ex;
		}
		catch (RuntimeException ex) {
			// Lost or failed in the store: the lock is no longer held either way.
			this.closed = true;
			throw ex;
		}
		this.closed = true;
	}

}
