// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.engine;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

import org.jspecify.annotations.Nullable;

import org.springframework.util.Assert;

import io.github.redislock.core.LockClientClosedException;
import io.github.redislock.core.LockInstrumentation;
import io.github.redislock.core.LockLostException;
import io.github.redislock.core.LockStoreException;
import io.github.redislock.store.LockHolder;
import io.github.redislock.store.LockStore;

/**
 * The acquire and release paths behind every {@link ClientLock}. This process's threads
 * queue on a local lock, so only the head thread takes the lock, from the previous local
 * holder or the store, and re-entries cost no round trip.
 *
 * @author redis-lock contributors
 */
final class LockEngine {

	private final LockStates states;

	private final LocalHandOffs handOffs;

	private final StoreCalls store;

	private final OwnerTokens owners;

	private final LeaseKeeper leases;

	private final AsyncLocks waits;

	private final LockClientShutdown shutdown;

	private final EngineRuntime runtime;

	/** Where holders are told of losses: the asynchronous holders' threads. */
	private final Executor completions;

	/** Set once before use. */
	private LockInstrumentation instrumentation = LockInstrumentation.NONE;

	LockEngine(LockStates states, LocalHandOffs handOffs, StoreCalls store, OwnerTokens owners, LeaseKeeper leases,
			AsyncLocks waits, LockClientShutdown shutdown, EngineRuntime runtime) {
		this.states = states;
		this.handOffs = handOffs;
		this.store = store;
		this.owners = owners;
		this.leases = leases;
		this.waits = waits;
		this.shutdown = shutdown;
		this.runtime = runtime;
		this.completions = waits::complete;
	}

	void setInstrumentation(LockInstrumentation instrumentation) {
		this.instrumentation = instrumentation;
	}

	/**
	 * {@code waitNanos} is {@code 0} not to wait, {@link Long#MAX_VALUE} for ever. Throws
	 * {@link LockClientClosedException} once stopping, {@link LockLostException} if a
	 * re-entry found the lease lost, {@link LockStoreException} if the store failed.
	 */
	boolean acquire(String name, String label, long waitNanos, Duration leaseTime, boolean renew,
			@Nullable String method, Duration holdAtLeast) throws InterruptedException {
		this.store.checkLeaseLeavesTime(leaseTime, () -> "Lease time of lock '" + name + "'");
		long deadline = Deadline.after(this.runtime.nanoTime(), waitNanos);
		LockState held = this.states.get(name);
		if (held != null && held.heldByCurrentThread() != null) {
			reenter(held, leaseTime, renew, holdAtLeast);
			return true;
		}
		LockInstrumentation.Acquisition acquisition = this.instrumentation.acquisitionStarted(name, label);
		Lease hold;
		try {
			hold = acquireFresh(name, waitNanos, deadline, leaseTime, renew, method);
		}
		catch (InterruptedException | RuntimeException | Error ex) {
			acquisition.failed(ex);
			throw ex;
		}
		if (hold == null) {
			acquisition.notAcquired();
			return false;
		}
		hold.keepAtLeast(holdAtLeast);
		LockInstrumentation.Hold observed = acquisition.acquired();
		if (observed != LockInstrumentation.Hold.NONE) {
			// No volatile write when nobody listens.
			hold.observeAs(observed);
		}
		return true;
	}

	/** {@code null} if the wait passed. */
	private @Nullable Lease acquireFresh(String name, long waitNanos, long deadline, Duration leaseTime, boolean renew,
			@Nullable String method) throws InterruptedException {
		this.shutdown.refuseIfStopping(name);
		LockState state = this.states.retain(name);
		boolean acquired = false;
		try {
			LocalWait local = lockLocally(state, waitNanos, deadline);
			if (local == LocalWait.NOT_TAKEN) {
				this.shutdown.refuseIfStopping(name);
				return null;
			}
			try {
				this.shutdown.refuseIfStopping(name);
				acquired = this.handOffs.takeOver(state, leaseTime, renew)
						|| acquireInStore(state, deadline, leaseTime, renew, method, local == LocalWait.WAITED);
				if (acquired && this.shutdown.isStopping()) {
					acquired = false;
					giveBackAtShutdown(state);
				}
			}
			finally {
				if (!acquired) {
					state.local.unlock();
				}
			}
			return acquired ? state.hold : null;
		}
		finally {
			if (!acquired) {
				this.states.unretain(state);
				this.handOffs.releaseAbandoned(state);
			}
		}
	}

	/**
	 * One attempt on the calling thread, so that an uncontended lock costs no hand-over
	 * between threads, then an {@link Acquisition} while busy. Called holding the local
	 * lock; returns whether the current thread holds the lock now.
	 */
	private boolean acquireInStore(LockState state, long deadline, Duration leaseTime, boolean renew,
			@Nullable String method, boolean waitedLocally) throws InterruptedException {
		String ownerToken = this.owners.newHold();
		LockHolder holder = LockHolder.currentThread(method);
		if (waitedLocally) {
			// Its turn may come just before the deadline: it asks in one call,
			// as later attempts do, since a bare SET and two reads could take
			// the wait past its bound.
			return hold(state, this.waits.await(state, ownerToken, leaseTime, renew, deadline, holder, null,
					this.runtime.nanoTime(), false), renew, method);
		}
		// Taken although this attempt does not queue, so that tickets count the attempts.
		this.owners.nextTicket();
		long requestedAt = this.runtime.nanoTime();
		LockStore.AcquireResult result;
		try {
			result = this.store.tryAcquire(state.name, ownerToken, leaseTime, null, holder);
		}
		catch (LockStoreException ex) {
			// The failed attempt may still run in the store, late: it is taken back.
			this.store.takeBack(state.name, ownerToken);
			throw ex;
		}
		Lease hold = null;
		boolean grantedTooLate = false;
		if (result.acquired()) {
			hold = new Lease(state.name, result.heldAs(ownerToken), leaseTime, requestedAt, this.store::leaseValidity,
					this.runtime);
			if (!hold.leavesEnoughToCountOn()) {
				// Given back, and waited for under a new token, as the release remembers
				// this one; the wait counts it among the grants too late in a row.
				hold = null;
				grantedTooLate = true;
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
			hold = this.waits.await(state, ownerToken, leaseTime, renew, deadline, holder, result, requestedAt,
					grantedTooLate);
		}
		return hold(state, hold, renew, method);
	}

	/** Records a hold taken in the store, if any; returns whether there is one. */
	private boolean hold(LockState state, @Nullable Lease hold, boolean renew, @Nullable String method) {
		if (hold == null) {
			return false;
		}
		hold.takenBy(method);
		state.hold = hold;
		if (renew) {
			try {
				this.leases.startRenewing(hold);
			}
			catch (RuntimeException | Error ex) {
				// Nobody would release it; the release also leaves the store's queue.
				state.hold = null;
				this.leases.stopRenewing(hold);
				this.store.releaseQuietly(state.name, hold.ownerToken(), " to leave its queue");
				throw ex;
			}
		}
		return true;
	}

	private void reenter(LockState state, Duration leaseTime, boolean renew, Duration holdAtLeast)
			throws InterruptedException {
		Lease hold = state.hold;
		Assert.state(hold != null, "Hold must be set");
		if (!hold.isValid()) {
			throw new LockLostException(state.name, "Lock '" + state.name
					+ "' is held by this thread but its lease was lost; release it before locking it again");
		}
		state.local.reenter();
		try {
			this.leases.lengthen(hold, leaseTime, renew);
			hold.keepAtLeast(holdAtLeast);
		}
		catch (RuntimeException | InterruptedException | Error ex) {
			// An Error too: no unlock would take the hold count back.
			state.local.unlock();
			throw ex;
		}
	}

	private LocalWait lockLocally(LockState state, long waitNanos, long deadline) throws InterruptedException {
		if (waitNanos <= 0) {
			if (Thread.interrupted()) {
				throw new InterruptedException();
			}
			return state.local.tryLock() ? LocalWait.TAKEN_AT_ONCE : LocalWait.NOT_TAKEN;
		}
		if (state.local.tryLockFairly()) {
			return LocalWait.TAKEN_AT_ONCE;
		}
		return state.local.tryLockUntil(deadline) ? LocalWait.WAITED : LocalWait.NOT_TAKEN;
	}

	/** How a thread took the lock within its instance, before it asks the store. */
	private enum LocalWait {

		NOT_TAKEN, TAKEN_AT_ONCE, WAITED

	}

	/** A stop begun meanwhile may have missed this hold. Under the local lock. */
	private void giveBackAtShutdown(LockState state) {
		Lease hold = state.hold;
		state.hold = null;
		if (hold != null) {
			this.leases.giveBack(hold);
		}
		this.shutdown.refuseIfStopping(state.name);
	}

	/** Releases the current thread's hold, or one re-entry of it. */
	void release(String name) {
		LockState state = this.states.get(name);
		Lease hold = (state != null) ? state.heldByCurrentThread() : null;
		if (state == null || hold == null) {
			throw new IllegalMonitorStateException("Lock '" + name + "' is not held by the current thread");
		}
		if (state.local.getHoldCount() > 1) {
			state.local.unlock();
			return;
		}
		LockInstrumentation.Hold observed = hold.observed();
		try {
			releaseHold(state, hold);
		}
		finally {
			observed.ended(hold.fencingToken());
		}
	}

	private void releaseHold(LockState state, Lease hold) {
		// The threads waiting while the client stops give up: keep the lock from them.
		LocalHandOffs.Pass pass = (!this.shutdown.isStopping() && hold.keptAfterRelease().isZero())
				? this.handOffs.passOn(state, hold) : LocalHandOffs.Pass.NOT_PASSED;
		if (pass == LocalHandOffs.Pass.PASSED) {
			if (hold.isLostAndLetGo()) {
				// Renewal found it run out as it was passed on: the loss reported stands.
				throw LeaseKeeper.reportedLost(hold);
			}
			return;
		}
		state.keptTurns = 0;
		// Cleared for the store's release and the lost lease listener.
		boolean interrupted = Thread.interrupted();
		try {
			if (pass == LocalHandOffs.Pass.RELEASED) {
				this.leases.released(hold);
			}
			else {
				this.leases.release(hold);
			}
		}
		finally {
			state.hold = null;
			state.local.unlock();
			this.states.unretain(state);
			if (interrupted) {
				Thread.currentThread().interrupt();
			}
		}
	}

	@Nullable Lease currentHold(String name) {
		LockState state = this.states.get(name);
		return (state != null) ? state.heldByCurrentThread() : null;
	}

	int holdCount(String name) {
		LockState state = this.states.get(name);
		return (state != null && state.heldByCurrentThread() != null) ? state.local.getHoldCount() : 0;
	}

	CompletableFuture<LockLostException> whenLost(Lease hold) {
		return hold.ownerLoss(this.completions);
	}

	/**
	 * Holds whose token the raise refuses are marked before it, which a caller may stop
	 * waiting for, and after it, for a token issued meanwhile.
	 */
	boolean raiseFencingTokensAbove(String name, long token) {
		LockStore.checkRaisableToken(name, token);
		markRefusedBelow(name, token);
		try {
			return this.store.raiseFencingTokensAbove(name, token);
		}
		finally {
			markRefusedBelow(name, token);
		}
	}

	private void markRefusedBelow(String name, long token) {
		LockState state = this.states.get(name);
		if (state != null) {
			Lease hold = state.hold;
			if (hold != null) {
				hold.fencingTokenRefusedBelow(token);
			}
			Lease handedOff = state.handedOff;
			if (handedOff != null) {
				handedOff.fencingTokenRefusedBelow(token);
			}
		}
	}

	/**
	 * Issued on first request, since most holders never read it; only while the store
	 * still records the holder, so that no later holder's token is smaller.
	 */
	long fencingToken(Lease hold) {
		long token = hold.fencingToken();
		if (token != 0) {
			return token;
		}
		if (!hold.isValid()) {
			throw hold.lostBefore("its fencing token was issued");
		}
		token = this.store.issueFencingToken(hold);
		if (token == 0) {
			this.leases.lost(hold, "the store no longer recorded this holder when it asked for a fencing token");
			throw hold.lostBefore("its fencing token was issued");
		}
		return hold.fencingTokenIssued(token);
	}

}
