// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.engine;

import java.time.Duration;

import org.springframework.util.Assert;

import io.github.redislock.store.LockStore;

/**
 * Passes a lock that a thread releases to the next thread of this process waiting for it,
 * saving that thread its own round trip, and lets the next thread take it over.
 * <p>
 * A release passes the lock on as it is, without a round trip, while local hand-offs are
 * allowed; this is off by default, because such a hand-off is not a fresh acquisition:
 * the next holder shares the previous one's fencing token. Otherwise the release gives
 * the lock a fresh lease in the store for the next thread, in its one round trip, for a
 * few turns while other processes wait (or may wait, when the store queues no waiters),
 * before they get theirs.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
final class LocalHandOffs {

	/**
	 * How many times in a row a release may pass the lock to the next waiting thread of
	 * this process, in the one round trip of the release, while waiters of other
	 * processes are queued in the store, or may be, when the store queues none; the next
	 * release hands the lock to the first of them, or frees it for them to take, which
	 * costs a pub/sub message and a thread wake-up. Keeping a few turns keeps a hot lock
	 * fast; handing over after them gives every process its share.
	 */
	private static final int MAX_KEPT_TURNS = 4;

	private final GuardedStore store;

	private final LeaseKeeper leases;

	private final LockStates states;

	private final OwnerTokens owners;

	/**
	 * Whether the store queues waiters, and so can tell whether other processes wait;
	 * read once, since it follows from how the store was set up.
	 */
	private final boolean storeQueuesWaiters;

	private volatile int maxLocalHandoffs;

	LocalHandOffs(GuardedStore store, LeaseKeeper leases, LockStates states, OwnerTokens owners) {
		this.store = store;
		this.leases = leases;
		this.states = states;
		this.owners = owners;
		this.storeQueuesWaiters = store.queuesWaiters();
	}

	void setMaxLocalHandoffs(int maxLocalHandoffs) {
		Assert.isTrue(maxLocalHandoffs >= 0, "Max local hand-offs must not be negative");
		this.maxLocalHandoffs = maxLocalHandoffs;
	}

	/**
	 * Pass the lock to the next local waiter instead of releasing it in the store, when
	 * one waits. The reference of the releasing thread moves to the handed-off hold.
	 * Called by the holding thread, once its last re-entry is released.
	 * @param state the state of the lock
	 * @param hold the hold of the releasing thread
	 * @return whether the lock was passed on; if not, the caller releases it
	 */
	boolean passOn(LockState state, LockHold hold) {
		if (!state.local.hasQueuedThreads() || !hold.isValid() || hold.isGivenUp()) {
			return false;
		}
		LockHold next;
		if (hold.countLocalHandoff(this.maxLocalHandoffs)) {
			next = hold;
		}
		else if (state.keptTurns < MAX_KEPT_TURNS && !Thread.currentThread().isInterrupted()) {
			long requestedAt = System.nanoTime();
			String nextOwnerToken = this.owners.newHold();
			LockStore.Reacquisition reacquisition = this.store.reacquire(hold, nextOwnerToken);
			if (reacquisition == null) {
				return false;
			}
			// Turns count only while other processes may wait for theirs: always when the
			// store does not queue waiters, and so cannot tell.
			boolean othersMayWait = reacquisition.othersWaiting() || !this.storeQueuesWaiters;
			state.keptTurns = othersMayWait ? state.keptTurns + 1 : 0;
			next = LockHold.reacquired(hold, nextOwnerToken, requestedAt);
			this.leases.letGo(hold);
		}
		else {
			return false;
		}
		state.hold = null;
		state.handedOff = next;
		state.local.unlock();
		releaseAbandoned(state);
		return true;
	}

	/**
	 * Take over the hold that the previous local holder left in the store, if any and
	 * still valid. Called holding the local lock.
	 * @param state the state of the lock
	 * @param leaseTime the lease the current thread asked for
	 * @param renew whether it asked for renewal
	 * @return whether the current thread holds the lock now
	 * @throws InterruptedException if an interrupt cut a store call short
	 */
	boolean takeOver(LockState state, Duration leaseTime, boolean renew) throws InterruptedException {
		LockHold hold = state.handedOff;
		if (hold == null) {
			return false;
		}
		state.handedOff = null;
		this.states.unretain(state);
		if (!hold.isValid()) {
			this.leases.giveBack(hold);
			return false;
		}
		boolean leaseShort = hold.takeOver(leaseTime);
		state.hold = hold;
		try {
			if (!hold.isRenewing() && leaseShort && !this.leases.extendTakenOver(hold, leaseTime)) {
				state.hold = null;
				this.leases.lost(hold, "the store no longer records this holder");
				return false;
			}
			this.leases.lengthen(hold, leaseTime, renew);
		}
		catch (RuntimeException | InterruptedException ex) {
			// The hold is this thread's now: give it back rather than leave it to its
			// lease, or to a renewal that nobody would stop.
			state.hold = null;
			this.leases.giveBack(hold);
			throw ex;
		}
		return true;
	}

	/**
	 * Release a handed-off hold that no local thread is left to take over. Both the
	 * releasing thread and a waiter that gives up call this, so one of them sees it.
	 * @param state the state of the lock
	 */
	void releaseAbandoned(LockState state) {
		if (state.handedOff == null || state.local.hasQueuedThreads() || !state.local.tryLock()) {
			return;
		}
		try {
			LockHold hold = state.handedOff;
			if (hold != null && !state.local.hasQueuedThreads()) {
				state.handedOff = null;
				this.leases.giveBack(hold);
				this.states.unretain(state);
			}
		}
		finally {
			state.local.unlock();
		}
	}

}
