// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.engine;

import java.time.Duration;

import org.jspecify.annotations.Nullable;

import io.github.redislock.core.LockClientClosedException;
import io.github.redislock.core.LockStoreException;
import io.github.redislock.store.LockHolder;
import io.github.redislock.store.LockStore;

/**
 * Takes a lock in the store for the head of the local queue: one attempt on its own
 * thread, so that an uncontended lock stays lean, then an {@link Acquisition} while busy.
 *
 * @author redis-lock contributors
 */
final class StoreAcquirer {

	private final StoreCalls store;

	private final OwnerTokens owners;

	private final LeaseKeeper leases;

	private final AsyncLocks waits;

	private final EngineRuntime runtime;

	StoreAcquirer(StoreCalls store, OwnerTokens owners, LeaseKeeper leases, AsyncLocks waits, EngineRuntime runtime) {
		this.store = store;
		this.runtime = runtime;
		this.owners = owners;
		this.leases = leases;
		this.waits = waits;
	}

	/**
	 * Called holding the local lock; returns whether the current thread holds the lock
	 * now. Throws {@link LockClientClosedException} if the client stopped meanwhile.
	 */
	boolean acquire(LockState state, long deadline, Duration leaseTime, boolean renew, @Nullable String method)
			throws InterruptedException {
		String ownerToken = this.owners.newHold();
		LockHolder holder = LockHolder.currentThread(method);
		// Taken although this attempt does not queue, so that tickets count the attempts.
		this.owners.nextTicket();
		long requestedAt = this.runtime.nanoTime();
		LockStore.AcquireResult result;
		try {
			result = this.store.tryAcquire(state.name, ownerToken, leaseTime, null, holder);
		}
		catch (LockStoreException ex) {
			// The failed attempt may still run in the store, late: it is taken back.
			this.waits.takeBack(state.name, ownerToken);
			throw ex;
		}
		Lease hold = null;
		if (result.acquired()) {
			Lease granted = new Lease(state.name, result.heldAs(ownerToken), leaseTime, requestedAt,
					this.store::leaseValidity, this.runtime);
			if (granted.leavesEnoughToCountOn()) {
				hold = granted;
			}
			else {
				// The answer came after (nearly) the whole lease: given back, and waited
				// for under a new token, as the release remembers this one.
				StoreCalls.grantedTooLate(state.name, leaseTime);
				this.store.releaseQuietly(state.name, ownerToken, " granted with under 1 ms of its lease left");
				ownerToken = this.owners.newHold();
				result = LockStore.AcquireResult.busy(0);
			}
		}
		if (hold == null) {
			if (Deadline.remaining(deadline, this.runtime.nanoTime()) <= 0) {
				return false;
			}
			hold = this.waits.await(state, ownerToken, leaseTime, renew, deadline, holder, result, requestedAt);
			if (hold == null) {
				return false;
			}
		}
		keep(state, hold, renew, method);
		return true;
	}

	/**
	 * A hold whose renewal could not start is given back at once, as no one would release
	 * it; the release also takes the thread out of the store's queue.
	 */
	private void keep(LockState state, Lease hold, boolean renew, @Nullable String method) {
		hold.takenBy(method);
		state.hold = hold;
		if (renew) {
			try {
				this.leases.startRenewing(hold);
			}
			catch (RuntimeException | Error ex) {
				state.hold = null;
				this.leases.stopRenewing(hold);
				this.store.releaseQuietly(state.name, hold.ownerToken(), " to leave its queue");
				throw ex;
			}
		}
	}

}
