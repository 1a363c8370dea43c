// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.core;

import java.time.Duration;

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
	 * Return how long the lease is known to last.
	 * @return the remaining lease, {@link Duration#ZERO} once released or lost
	 */
	public Duration getRemainingLease() {
		return this.closed ? Duration.ZERO : this.lock.getRemainingLease();
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
