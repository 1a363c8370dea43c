// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.engine;

import java.time.Duration;

import org.springframework.util.Assert;

import io.github.redislock.store.LockStore;

/**
 * Passes a released lock to the next waiting thread of this process: as is if local
 * hand-offs are on, else with a fresh store lease in the release's round trip, for a few
 * turns before other processes get theirs.
 *
 * @author redis-lock contributors
 */
final class LocalHandOffs {

	/** Turns kept in a row while other processes may wait: a few keep a hot lock fast. */
	private static final int MAX_KEPT_TURNS = 4;

	private final StoreCalls store;

	private final LeaseKeeper leases;

	private final LockStates states;

	private final OwnerTokens owners;

	/** Else the store cannot tell whether other processes wait. */
	private final boolean storeQueuesWaiters;

	private final EngineRuntime runtime;

	private volatile int maxLocalHandoffs;

	/** {@link #MAX_KEPT_TURNS}; unbounded only by a test that shows it is checked. */
	private int maxKeptTurns = MAX_KEPT_TURNS;

	LocalHandOffs(StoreCalls store, LeaseKeeper leases, LockStates states, OwnerTokens owners, EngineRuntime runtime) {
		this.store = store;
		this.runtime = runtime;
		this.leases = leases;
		this.states = states;
		this.owners = owners;
		this.storeQueuesWaiters = store.queuesWaiters();
	}

	void setMaxLocalHandoffs(int maxLocalHandoffs) {
		Assert.isTrue(maxLocalHandoffs >= 0, "Max local hand-offs must not be negative");
		this.maxLocalHandoffs = maxLocalHandoffs;
	}

	/** For a test that puts back a pass that never yields, to show that it is found. */
	void keepTurnsWithoutBound() {
		this.maxKeptTurns = Integer.MAX_VALUE;
	}

	/** At the last release; unless passed or released, the caller releases the lock. */
	Pass passOn(LockState state, Lease hold) {
		if (!state.local.hasQueuedThreads() || !hold.isValid() || hold.isGivenUp()) {
			return Pass.NOT_PASSED;
		}
		Lease next;
		// A token a fenced resource refused would be refused again for the next thread.
		if (!hold.isFencingTokenRefused() && hold.countLocalHandoff(this.maxLocalHandoffs)) {
			next = hold;
			hold.passedOn();
		}
		else if (state.keptTurns < this.maxKeptTurns && !Thread.currentThread().isInterrupted()) {
			long requestedAt = this.runtime.nanoTime();
			String nextOwnerToken = this.owners.newHold();
			LockStore.Reacquisition reacquisition;
			try {
				reacquisition = this.store.reacquire(hold, nextOwnerToken);
			}
			catch (RuntimeException ex) {
				// Taken over, then released: the hold lasted until then, so nothing was
				// lost.
				return this.store.releaseAfterFailedPass(hold.name(), nextOwnerToken, ex) ? Pass.RELEASED
						: Pass.NOT_PASSED;
			}
			if (reacquisition == null) {
				return Pass.NOT_PASSED;
			}
			// Turns count only while other processes may wait for theirs.
			boolean othersMayWait = reacquisition.othersWaiting() || !this.storeQueuesWaiters;
			state.keptTurns = othersMayWait ? state.keptTurns + 1 : 0;
			next = Lease.reacquired(hold, nextOwnerToken, requestedAt);
			this.leases.letGo(hold);
		}
		else {
			return Pass.NOT_PASSED;
		}
		state.hold = null;
		state.handedOff = next;
		state.local.unlock();
		releaseAbandoned(state);
		return Pass.PASSED;
	}

	/** Called holding the local lock; whether the current thread holds the lock now. */
	boolean takeOver(LockState state, Duration leaseTime, boolean renew) throws InterruptedException {
		Lease hold = state.handedOff;
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
				if (hold.isValid()) {
					// Lost early, maybe while the previous thread worked under it.
					this.leases.lostToRenewal(hold, "the store no longer recorded it when the next thread of this"
							+ " instance took it over, before its lease ran out");
				}
				else {
					// Ran out as this thread took it over: no work was done under it.
					this.leases.letGo(hold);
				}
				return false;
			}
			this.leases.lengthen(hold, leaseTime, renew);
		}
		catch (RuntimeException | InterruptedException ex) {
			// The hold is this thread's now: give it back, not to a renewal nobody stops.
			state.hold = null;
			this.leases.giveBack(hold);
			throw ex;
		}
		return true;
	}

	/** Called by the releasing thread and a waiter giving up, so that one sees it. */
	void releaseAbandoned(LockState state) {
		if (state.handedOff == null || state.local.hasQueuedThreads() || !state.local.tryLock()) {
			return;
		}
		try {
			Lease hold = state.handedOff;
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

	/** What a last release did with the lock. */
	enum Pass {

		/** Handed to the next thread of this instance. */
		PASSED,

		/** Released in the store by a pass that took it over, then failed. */
		RELEASED,

		/** Left to the caller to release. */
		NOT_PASSED

	}

}
