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

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The store a {@link DefaultLockClient} keeps its locks in. Each method is one atomic
 * operation, ideally one round trip. Owner tokens are opaque to the store: it only
 * compares them.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
public interface LockStore {

	/**
	 * Take the lock if it is free or already recorded for this owner, with a fresh
	 * fencing token and the given lease.
	 * @param name the lock name
	 * @param ownerToken the owner's token
	 * @param leaseTime the lease, positive
	 * @return the outcome
	 */
	AcquireResult tryAcquire(String name, String ownerToken, Duration leaseTime);

	/**
	 * Extend the lease if the lock is still recorded for this owner.
	 * @param name the lock name
	 * @param ownerToken the owner's token
	 * @param leaseTime the new lease, from now
	 * @return whether the lock was still this owner's
	 */
	boolean renew(String name, String ownerToken, Duration leaseTime);

	/**
	 * Extend several leases at once, in as few round trips as the store allows. The
	 * default renews one by one.
	 * @param renewals the leases to extend
	 * @return for each renewal, in order, whether the lock was still that owner's
	 */
	default List<Boolean> renewAll(List<LeaseRenewal> renewals) {
		List<Boolean> results = new ArrayList<>(renewals.size());
		for (LeaseRenewal renewal : renewals) {
			results.add(renew(renewal.name(), renewal.ownerToken(), renewal.leaseTime()));
		}
		return results;
	}

	/**
	 * Delete the lock if it is recorded for this owner, and notify waiters.
	 * @param name the lock name
	 * @param ownerToken the owner's token
	 * @return whether the lock was still this owner's
	 */
	boolean release(String name, String ownerToken);

	/**
	 * Delete the lock whoever holds it, and notify waiters. For operators clearing a lock
	 * they know to be abandoned.
	 * @param name the lock name
	 * @return whether a lock was deleted
	 */
	boolean forceRelease(String name);

	/**
	 * Call the listener whenever the lock is released, until the subscription is closed.
	 * Notifications are best effort: waiters must not depend on them.
	 * @param name the lock name
	 * @param listener called on release, on a store thread
	 * @return the subscription, to close when no longer waiting
	 */
	AutoCloseable subscribe(String name, Runnable listener);

	/**
	 * One lease to extend with {@link #renewAll}.
	 *
	 * @param name the lock name
	 * @param ownerToken the owner's token
	 * @param leaseTime the new lease, from now
	 */
	record LeaseRenewal(String name, String ownerToken, Duration leaseTime) {

	}

	/**
	 * The outcome of {@link #tryAcquire}.
	 *
	 * @param acquired whether the lock is now the caller's
	 * @param fencingToken the fencing token of the acquisition, when acquired
	 * @param remainingLeaseMillis how long the current holder's lease lasts, when not
	 * acquired
	 */
	record AcquireResult(boolean acquired, long fencingToken, long remainingLeaseMillis) {

		public static AcquireResult acquired(long fencingToken) {
			return new AcquireResult(true, fencingToken, 0);
		}

		public static AcquireResult busy(long remainingLeaseMillis) {
			return new AcquireResult(false, 0, remainingLeaseMillis);
		}

	}

}
