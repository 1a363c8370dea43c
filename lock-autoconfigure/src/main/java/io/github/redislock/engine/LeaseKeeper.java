// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.engine;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ThreadFactory;
import java.util.function.BiConsumer;

import io.github.redislock.core.LockLostEvent;
import io.github.redislock.core.LockLostException;
import io.github.redislock.core.LockStoreException;
import io.github.redislock.core.LockLostListener;

/**
 * Keeps the leases of held locks from acquisition to release: renews them while held
 * (through the {@link LeaseRenewer}), lengthens them when a holder asks for more, and
 * reports the ones found lost (through the {@link LockLostDispatcher}). Every place that
 * ends a hold comes here, so that a hold is never left to a renewal nobody would stop,
 * nor reported lost after it was released.
 * <p>
 * A loss is told to the listener on the thread that found it, except when the renewal
 * thread found it: that thread must not wait for the listener, since the leases of every
 * other lock depend on it.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
final class LeaseKeeper implements AutoCloseable {

	private final GuardedStore store;

	private final LeaseRenewer renewer;

	private final LockLostDispatcher lostLeases;

	LeaseKeeper(GuardedStore store, LockLostListener lostListener) {
		this.store = store;
		this.lostLeases = new LockLostDispatcher(lostListener);
		this.renewer = new LeaseRenewer(store, this::lostToRenewal);
	}

	/**
	 * Tell lost leases to the listener on threads of the given factory.
	 * @param threads makes the threads
	 */
	void tellLossesOn(ThreadFactory threads) {
		this.lostLeases.useThreads(threads);
	}

	void startRenewing(LockHold hold) {
		this.renewer.start(hold);
	}

	void stopRenewing(LockHold hold) {
		this.renewer.stop(hold);
	}

	int renewalCount() {
		return this.renewer.activeCount();
	}

	RenewalHealth renewalHealth() {
		return this.renewer.health();
	}

	/**
	 * A re-entry never shortens the outer lease, but it may ask for a longer lease or for
	 * renewal, which then apply to the whole hold. The hold takes the longer lease only
	 * once the store granted it, so that a re-entry that failed or was interrupted leaves
	 * the hold as it was.
	 * @param hold the hold, held by the current thread
	 * @param leaseTime the lease asked for
	 * @param renew whether renewal was asked for
	 * @throws LockLostException if the store no longer records the holder
	 * @throws InterruptedException if an interrupt cut the store call short
	 */
	void lengthen(LockHold hold, Duration leaseTime, boolean renew) throws InterruptedException {
		if (leaseTime.compareTo(hold.leaseTime()) > 0) {
			if (!hold.isRenewing()) {
				long requestedAt = System.nanoTime();
				if (!this.store.renew(hold, leaseTime)) {
					lost(hold, "the store no longer records this holder");
					throw new LockLostException(hold.name(), "Lock '" + hold.name() + "' was lost before re-entry");
				}
				hold.leaseConfirmed(requestedAt, leaseTime);
			}
			hold.lengthenLeaseTo(leaseTime);
		}
		if (renew && !hold.isRenewing()) {
			this.renewer.start(hold);
		}
	}

	/**
	 * Extend the lease left over on a hold handed off to this thread, which is shorter
	 * than this holder asked for, to the longer of the two leases.
	 * @param hold the hold, just taken over
	 * @param leaseTime the lease the new holder asked for
	 * @return whether the store still recorded the holder
	 * @throws InterruptedException if an interrupt cut the store call short
	 */
	boolean extendTakenOver(LockHold hold, Duration leaseTime) throws InterruptedException {
		Duration lease = (leaseTime.compareTo(hold.leaseTime()) > 0) ? leaseTime : hold.leaseTime();
		long requestedAt = System.nanoTime();
		if (!this.store.renew(hold, lease)) {
			return false;
		}
		hold.lengthenLeaseTo(lease);
		hold.leaseConfirmed(requestedAt, lease);
		return true;
	}

	/**
	 * Stop keeping a hold that is no longer this process's: released, passed on with a
	 * fresh lease, or held by a thread that ended. It is neither renewed nor reported
	 * lost from now on.
	 * @param hold the hold
	 */
	void letGo(LockHold hold) {
		hold.markReleased();
		this.renewer.stop(hold);
	}

	/**
	 * Let go of a hold and release it in the store, logging a failure only: a hold that
	 * nobody holds any more, or one its holder gives back instead of keeping.
	 * @param hold the hold
	 */
	void giveBack(LockHold hold) {
		letGo(hold);
		this.store.releaseQuietly(hold.name(), hold.ownerToken(), "");
	}

	/**
	 * Let go of a hold as its holder unlocks it, release it in the store, and say whether
	 * its lease lasted until then.
	 * @param hold the hold, held by the current thread
	 * @throws LockLostException if the lease was lost: the client gave it up at shutdown,
	 * the store no longer recorded the holder, or the lease had run out and the store
	 * could not be reached
	 * @throws LockStoreException if the store failed while the lease still lasted
	 */
	void release(LockHold hold) {
		boolean leaseLeft = hold.isValid();
		letGo(hold);
		String name = hold.name();
		if (hold.isGivenUp()) {
			// Released already when given up, which the store does not record twice; the
			// store may be gone by now, and its failure is no news.
			this.store.releaseQuietly(name, hold.ownerToken(), "");
			throw givenUp(hold);
		}
		boolean released;
		try {
			released = this.store.release(hold, leaseLeft);
		}
		catch (LockStoreException ex) {
			if (leaseLeft) {
				throw ex;
			}
			throw unreachableAfterLoss(hold, ex, this::notifyLost);
		}
		if (hold.isGivenUp()) {
			// An operator's revoke raced this release.
			throw givenUp(hold);
		}
		if (!released) {
			throw lostAtRelease(hold, this::notifyLost);
		}
		if (hold.isLost()) {
			throw reportedLost(hold);
		}
	}

	/**
	 * Let go of the hold of an asynchronous holder as it releases it, and release it in
	 * the store without blocking. What {@link #release(LockHold)} throws, the returned
	 * stage completes with; a loss found is told to the listener on a thread of its own,
	 * since the store's answer arrives on a thread that must not wait.
	 * @param hold the hold
	 * @param store the asynchronous store calls
	 * @return completes when released
	 */
	CompletionStage<Void> releaseAsync(LockHold hold, AsyncStore store) {
		boolean leaseLeft = hold.isValid();
		letGo(hold);
		if (hold.isGivenUp()) {
			store.releaseQuietly(hold.name(), hold.ownerToken(), "");
			return CompletableFuture.failedFuture(givenUp(hold));
		}
		return store.release(hold).handle((released, failure) -> {
			if (failure != null) {
				LockStoreException storeFailure = AsyncStore.storeFailure(hold.name(), failure);
				if (leaseLeft) {
					throw storeFailure;
				}
				throw unreachableAfterLoss(hold, storeFailure, this::notifyLostLater);
			}
			if (!released) {
				throw lostAtRelease(hold, this::notifyLostLater);
			}
			if (hold.isLost()) {
				throw reportedLost(hold);
			}
			return null;
		});
	}

	private static LockLostException givenUp(LockHold hold) {
		return new LockLostException(hold.name(), "Lock '" + hold.name() + "' was lost: " + hold.givenUpReason()
				+ "; work done under it may have overlapped with another holder");
	}

	/**
	 * The lease had run out, or was found lost, before the release: the lock may be
	 * another holder's by now, whatever became of the release.
	 */
	private static LockLostException unreachableAfterLoss(LockHold hold, LockStoreException failure,
			BiConsumer<LockHold, String> notifyLost) {
		if (!hold.isLost()) {
			notifyLost.accept(hold, "its lease ran out before the release, which could not reach the store");
		}
		String name = hold.name();
		return new LockLostException(name,
				"Lock '" + name + "' was lost: its lease had run out before it was "
						+ "released, and the release could not reach the store; work done under it may have overlapped "
						+ "with another holder",
				failure);
	}

	/**
	 * The store still recorded the holder, but the lease was reported lost while held (it
	 * ran out before a renewal was answered): what was reported stands.
	 */
	private static LockLostException reportedLost(LockHold hold) {
		String name = hold.name();
		return new LockLostException(name, "Lock '" + name + "' was reported lost while held, its lease having run "
				+ "out before a renewal was answered: work done under it may have overlapped with another holder");
	}

	private static LockLostException lostAtRelease(LockHold hold, BiConsumer<LockHold, String> notifyLost) {
		if (!hold.isLost()) {
			notifyLost.accept(hold, "the store no longer recorded this holder at release");
		}
		String name = hold.name();
		return new LockLostException(name, "Lock '" + name + "' had already expired or been taken over "
				+ "when it was released: work done under it may have overlapped with another holder");
	}

	/**
	 * Report a loss found by a caller's own thread, on that thread.
	 * @param hold the hold
	 * @param reason why it is lost, for the log and the listener
	 */
	void lost(LockHold hold, String reason) {
		if (hold.isReleasedOrLost()) {
			return;
		}
		this.renewer.stop(hold);
		notifyLost(hold, reason);
	}

	/**
	 * Give up a hold still held when the shutdown timeout passed: stop renewing it and
	 * release it in the store, then tell the listener on the stopping thread, while the
	 * application is still running. Released, not left to its lease: the instance is
	 * going away, and another instance, or the first waiter queued, would otherwise wait
	 * out a lease that nobody renews. The store releases only what this holder still
	 * holds, so a hold that its thread released meanwhile is not released twice, and a
	 * lock handed on since is left to its new holder.
	 * @param hold the hold
	 */
	void giveUp(LockHold hold) {
		giveUp(hold,
				"the lock client was closed while the lock was held, and released it when its shutdown timeout "
						+ "ran out",
				"the lock client was closed while it was held, and released it when its shutdown timeout ran out",
				" when the lock client shut down");
	}

	/**
	 * Give up a hold that an operator released while its thread still holds it, as
	 * {@link #giveUp(LockHold) at shutdown}: only this holder's lease is released in the
	 * store, never another's.
	 * @param hold the hold
	 * @param reason why, for the listener
	 * @param holderReason why, for the holder's {@link LockLostException}
	 * @param occasion how a failed release is logged
	 * @return whether the store recorded the hold until it was given up; {@code false}
	 * when the hold had ended, been passed on or been lost before, or the store could not
	 * be reached
	 */
	boolean giveUp(LockHold hold, String reason, String holderReason, String occasion) {
		if (hold.isReleasedOrLost()) {
			return false;
		}
		hold.markGivenUp(holderReason);
		this.renewer.stop(hold);
		boolean released = this.store.releaseQuietly(hold.name(), hold.ownerToken(), occasion);
		lost(hold, reason);
		return released;
	}

	/**
	 * Report a loss found on a thread that must not wait for the listener: the renewal
	 * thread, or one that answers asynchronous holders.
	 * @param hold the hold
	 * @param reason why it is lost, for the log and the listener
	 */
	void lostToRenewal(LockHold hold, String reason) {
		if (hold.isReleasedOrLost()) {
			return;
		}
		this.renewer.stop(hold);
		hold.markLost();
		hold.observed().lost();
		this.lostLeases.reportLater(new LockLostEvent(hold.name(), hold.fencingToken(), reason));
		hold.lossFound(reason);
	}

	/**
	 * Report a loss found as an asynchronous holder released its hold, which is let go by
	 * then, without waiting for the listener.
	 */
	private void notifyLostLater(LockHold hold, String reason) {
		hold.markLost();
		hold.observed().lost();
		this.lostLeases.reportLater(new LockLostEvent(hold.name(), hold.fencingToken(), reason));
		hold.lossFound(reason);
	}

	private void notifyLost(LockHold hold, String reason) {
		hold.markLost();
		hold.observed().lost();
		this.lostLeases.reportNow(new LockLostEvent(hold.name(), hold.fencingToken(), reason));
		hold.lossFound(reason);
	}

	/**
	 * Stop renewing, then stop telling losses: those already found are still told.
	 */
	@Override
	public void close() {
		this.renewer.close();
		this.lostLeases.close();
	}

}
