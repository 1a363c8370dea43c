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
import io.github.redislock.store.LockStore;

/**
 * The acquire and release paths behind every {@link ClientLock}. Threads of this process
 * queue on the lock's local lock, so that only the head thread takes the lock, from the
 * previous local holder or the store, and re-entries cost no round trip.
 *
 * @author redis-lock contributors
 */
final class LockEngine {

	private final LockStates states;

	private final LocalHandOffs handOffs;

	private final StoreAcquirer storeAcquirer;

	private final StoreCalls store;

	private final LeaseKeeper leases;

	private final FencingTokens fencingTokens;

	private final LockClientShutdown shutdown;

	private final EngineRuntime runtime;

	/** Where holders are told of losses: the asynchronous holders' threads. */
	private final Executor completions;

	/** Set once before use; the no-op default costs a call the JIT removes. */
	private LockInstrumentation instrumentation = LockInstrumentation.NONE;

	LockEngine(LockStates states, LocalHandOffs handOffs, StoreAcquirer storeAcquirer, StoreCalls store,
			LeaseKeeper leases, FencingTokens fencingTokens, LockClientShutdown shutdown, EngineRuntime runtime,
			Executor completions) {
		this.store = store;
		this.runtime = runtime;
		this.completions = completions;
		this.states = states;
		this.handOffs = handOffs;
		this.storeAcquirer = storeAcquirer;
		this.leases = leases;
		this.fencingTokens = fencingTokens;
		this.shutdown = shutdown;
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
			// No volatile write when nobody listens: a client reports to one
			// instrumentation, so a hold passed on from another thread has none either.
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
			if (!lockLocally(state, waitNanos, deadline)) {
				this.shutdown.refuseIfStopping(name);
				return null;
			}
			try {
				this.shutdown.refuseIfStopping(name);
				// At the head of the local queue: take over what the previous local
				// holder handed off, or take the lock in the store.
				acquired = this.handOffs.takeOver(state, leaseTime, renew)
						|| this.storeAcquirer.acquire(state, deadline, leaseTime, renew, method);
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

	private void reenter(LockState state, Duration leaseTime, boolean renew, Duration holdAtLeast)
			throws InterruptedException {
		Lease hold = state.hold;
		Assert.state(hold != null, "Hold must be set");
		if (!hold.isValid()) {
			throw new LockLostException(state.name, "Lock '" + state.name
					+ "' is held by this thread but its lease was lost; release it before locking it again");
		}
		state.local.lock();
		try {
			this.leases.lengthen(hold, leaseTime, renew);
			hold.keepAtLeast(holdAtLeast);
		}
		catch (RuntimeException | InterruptedException | Error ex) {
			// An Error too (from a lost-lease listener, say): a re-entry that failed must
			// not leave a hold count that no unlock will ever take back.
			state.local.unlock();
			throw ex;
		}
	}

	private boolean lockLocally(LockState state, long waitNanos, long deadline) throws InterruptedException {
		if (waitNanos <= 0) {
			if (Thread.interrupted()) {
				throw new InterruptedException();
			}
			return state.local.tryLock();
		}
		return state.local.tryLockUntil(deadline);
	}

	/**
	 * A stop that began meanwhile may have looked for holds before this one was recorded,
	 * and so would not wait for it. Called holding the local lock.
	 */
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
		if (!this.shutdown.isStopping() && hold.keptAfterRelease().isZero() && this.handOffs.passOn(state, hold)) {
			if (hold.isLostAndLetGo()) {
				// A renewal found the lease run out as a fresh one was taken for the next
				// thread: the loss it reported stands, as a release would have told it.
				throw LeaseKeeper.reportedLost(hold);
			}
			return;
		}
		// Released to the store: the run of turns kept in this process ends.
		state.keptTurns = 0;
		// Cleared for the store's release and for the listener a loss is told to.
		boolean interrupted = Thread.interrupted();
		try {
			this.leases.release(hold);
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

	/** The current thread's hold's loss; see {@link Lease#ownerLoss}. */
	CompletableFuture<LockLostException> whenLost(Lease hold) {
		return hold.ownerLoss(this.completions);
	}

	/**
	 * A hold of this process whose token is below the raise is refused by the resource:
	 * marked before the raise, which a caller may stop waiting for, and again after it,
	 * so that a token issued meanwhile is judged too.
	 */
	boolean raiseFencingTokensAbove(String name, long token) {
		LockStore.checkRaisableToken(name, token);
		markRefusedBelow(name, token);
		try {
			return this.fencingTokens.raiseAbove(name, token);
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

	long fencingToken(Lease hold) {
		return this.fencingTokens.tokenOf(hold);
	}

}
