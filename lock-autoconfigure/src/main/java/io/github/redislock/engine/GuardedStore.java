// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.engine;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;

import org.springframework.core.NestedExceptionUtils;

import io.github.redislock.core.LockStoreException;
import io.github.redislock.store.AsyncLockStore;
import io.github.redislock.store.LockHolder;
import io.github.redislock.store.LockStore;

/**
 * The {@link LockStore} as the engine calls it: each call says once what its failure
 * means to the caller. A store call cut short by an interrupt becomes an
 * {@link InterruptedException} where the caller is acquiring, since an interrupt ends an
 * acquisition; it is finished on a thread of the client's where the caller gives
 * something back, since the command may well have run (see {@link UninterruptibleCall});
 * any other failure becomes a {@link LockStoreException} naming the lock, or, where
 * nobody is left to tell, a debug log.
 * <p>
 * Two calls pass failures on as they are: a subscription, whose failure ends the
 * acquisition that asked for it, and the renewal sweep's batch, whose failure only makes
 * the sweep try again sooner.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
final class GuardedStore {

	/** The client's category, where these failures were always logged. */
	private static final Logger logger = ClientLog.logger;

	private final LockStore store;

	GuardedStore(LockStore store) {
		this.store = store;
	}

	/**
	 * Try to take the lock, queueing for it if asked. An interrupt ends the attempt; the
	 * command may have taken the lock before the interrupt cut the wait for its reply, so
	 * the lock is given back, and nothing is left behind.
	 * @param name the lock name
	 * @param ownerToken the owner's token
	 * @param leaseTime the lease
	 * @param queueing how to queue, or {@code null} not to
	 * @param holder who takes the lock, recorded with it
	 * @return the outcome
	 * @throws InterruptedException if an interrupt cut the call short
	 * @throws LockStoreException if the store failed
	 */
	LockStore.AcquireResult tryAcquire(String name, String ownerToken, Duration leaseTime,
			LockStore.@Nullable Queueing queueing, LockHolder holder) throws InterruptedException {
		try {
			return this.store.tryAcquire(name, ownerToken, leaseTime, queueing, holder);
		}
		catch (RuntimeException ex) {
			if (cutShortByInterrupt(ex)) {
				releaseQuietly(name, ownerToken, " after an interrupted acquisition");
				throw interruption("Interrupted while acquiring lock '" + name + "'", ex);
			}
			throw new LockStoreException(name,
					"Could not acquire lock '" + name + "': " + failure(ex) + "; the lock is not held", ex);
		}
	}

	/**
	 * Return the part of a granted lease to count on.
	 * @param leaseTime the lease granted
	 * @return the store's {@link LockStore#leaseValidity}
	 */
	Duration leaseValidity(Duration leaseTime) {
		return this.store.leaseValidity(leaseTime);
	}

	/**
	 * Extend the lease for an acquisition (a re-entry or a take-over), which an interrupt
	 * ends like any other acquisition.
	 * @param hold the hold
	 * @param leaseTime the new lease, from now
	 * @return whether the store still recorded the holder
	 * @throws InterruptedException if an interrupt cut the call short
	 * @throws LockStoreException if the store failed
	 */
	boolean renew(LockHold hold, Duration leaseTime) throws InterruptedException {
		try {
			return this.store.renew(hold.name(), hold.ownerToken(), leaseTime);
		}
		catch (RuntimeException ex) {
			if (cutShortByInterrupt(ex)) {
				throw interruption("Interrupted while extending the lease of lock '" + hold.name() + "'", ex);
			}
			throw new LockStoreException(hold.name(),
					"Could not extend the lease of lock '" + hold.name() + "': " + failure(ex), ex);
		}
	}

	/**
	 * Release in the store whenever the interrupt lands. A release cut short by an
	 * interrupt may have run: if the next attempt then finds the lock no longer this
	 * holder's while its lease was still known to last, the first one released it.
	 * @param hold the hold
	 * @param leaseLeft whether the lease was known to last when the holder released it
	 * @return whether the store still recorded the holder
	 * @throws LockStoreException if the store failed
	 */
	boolean release(LockHold hold, boolean leaseLeft) {
		try {
			return UninterruptibleCall.call((afterInterruption) -> this.store.release(hold.name(), hold.ownerToken())
					|| (afterInterruption && leaseLeft));
		}
		catch (RuntimeException ex) {
			throw new LockStoreException(hold.name(), "Could not release lock '" + hold.name() + "': " + failure(ex)
					+ "; it frees itself when its lease runs out, if the release did not reach the store", ex);
		}
	}

	/**
	 * Release in the store whenever an interrupt lands, logging a failure only: the lock,
	 * or the place in its queue, then runs out by itself. One path for every release that
	 * has no caller to tell: a hold given back, a waiter leaving the queue, an
	 * interrupted acquisition.
	 * @param name the lock name
	 * @param ownerToken the owner's token
	 * @param occasion what the release follows, for the log, or empty
	 * @return whether the store recorded the owner until this release
	 */
	boolean releaseQuietly(String name, String ownerToken, String occasion) {
		try {
			return UninterruptibleCall.call((retry) -> this.store.release(name, ownerToken));
		}
		catch (RuntimeException ex) {
			logger.atDebug()
				.addKeyValue(ClientLog.NAME, name)
				.addKeyValue(ClientLog.OUTCOME, "release_failed")
				.setCause(ex)
				.log("Could not release lock '{}'{}; it frees itself when its lease runs out", name, occasion);
			return false;
		}
	}

	/**
	 * Give the lock a fresh lease for the next local thread, under the token of its hold,
	 * whenever an interrupt lands: a pass cut short may have run, and would leave the
	 * lock under a token no thread holds. A pass that failed in the store is taken back
	 * under that token for the same reason.
	 * @param hold the hold of the releasing thread
	 * @param nextOwnerToken the owner token of the next thread's hold
	 * @return the outcome, or {@code null} if the store did not, or failed, so that the
	 * releasing thread releases instead
	 */
	LockStore.@Nullable Reacquisition reacquire(LockHold hold, String nextOwnerToken) {
		try {
			return UninterruptibleCall.call((afterInterruption) -> this.store.reacquire(hold.name(), hold.ownerToken(),
					nextOwnerToken, hold.leaseTime()));
		}
		catch (RuntimeException ex) {
			logger.atDebug()
				.addKeyValue(ClientLog.NAME, hold.name())
				.addKeyValue(ClientLog.OUTCOME, "hand_off_failed")
				.setCause(ex)
				.log("Could not pass lock '{}' on with a fresh lease; releasing it instead", hold.name());
			releaseQuietly(hold.name(), nextOwnerToken, " after a pass that failed");
			return null;
		}
	}

	/**
	 * Ask for a fencing token whenever the interrupt lands: asking again after an
	 * interrupt only skips a token, since the next is larger.
	 * @param hold the hold
	 * @return the token, or {@code 0} if the store no longer records the holder
	 * @throws LockStoreException if the store failed
	 */
	long issueFencingToken(LockHold hold) {
		try {
			return UninterruptibleCall
				.call((retry) -> this.store.issueFencingToken(hold.name(), hold.ownerToken(), hold.leaseTime()));
		}
		catch (RuntimeException ex) {
			throw new LockStoreException(hold.name(),
					"Could not issue a fencing token for lock '" + hold.name() + "': " + failure(ex), ex);
		}
	}

	/**
	 * Extend several leases at once, each answered on its own; a failure is passed on.
	 * @param renewals the leases to extend
	 * @param timeout how long the caller waits for the answers
	 * @return for each renewal, a future of whether the store still recorded its holder
	 */
	List<CompletableFuture<Boolean>> renewAll(List<LockStore.LeaseRenewal> renewals, Duration timeout) {
		return this.store.renewAllAsync(renewals, timeout);
	}

	/**
	 * Subscribe to the releases of a lock; a failure is passed on.
	 * @param name the lock name
	 * @param listener told of each release
	 * @return the subscription
	 */
	@Nullable AsyncLockStore async() {
		return this.store.async();
	}

	boolean queuesWaiters() {
		return this.store.queuesWaiters();
	}

	AutoCloseable subscribe(String name, String ownerToken, LockStore.ReleaseListener listener) {
		return this.store.subscribe(name, ownerToken, listener);
	}

	/**
	 * Close a subscription, logging a failure only: a waiter that leaves is not held up
	 * by it.
	 * @param subscription the subscription, or {@code null} if none was made
	 * @param name the lock name
	 */
	void unsubscribeQuietly(@Nullable AutoCloseable subscription, String name) {
		if (subscription != null) {
			try {
				subscription.close();
			}
			catch (Exception ex) {
				logger.debug("Could not unsubscribe from releases of lock '{}'", name, ex);
			}
		}
	}

	/**
	 * Whether an interrupt cut a call short: the flag is set, which this clears, or the
	 * store's client reports the interrupt wrapped in its own exception.
	 */
	private static boolean cutShortByInterrupt(RuntimeException ex) {
		return Thread.interrupted() || UninterruptibleCall.isInterruption(ex);
	}

	private static InterruptedException interruption(String message, Throwable cause) {
		InterruptedException interrupted = new InterruptedException(message);
		interrupted.initCause(cause);
		return interrupted;
	}

	/**
	 * Say why a call that retries after interrupts failed: a thread interrupted on every
	 * attempt is not a store that failed.
	 */
	static String failure(RuntimeException ex) {
		if (UninterruptibleCall.isInterruption(ex)) {
			return "the thread was interrupted on every attempt";
		}
		// The store's own words (an error reply such as OOM or WRONGTYPE) sit below the
		// client's and Spring's wrappers.
		return "the lock store failed (" + NestedExceptionUtils.getMostSpecificCause(ex).getMessage() + ")";
	}

}
