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
import io.github.redislock.store.LockHolder;
import io.github.redislock.store.LockStore;

/**
 * The {@link LockStore} as the engine calls it: interrupts end acquisitions, never
 * give-backs ({@link UninterruptibleCall}); other failures become a
 * {@link LockStoreException} naming the lock, or a debug log if nobody is left to tell.
 *
 * @author redis-lock contributors
 */
final class GuardedStore {

	private static final Logger logger = ClientLog.logger;

	private final LockStore store;

	private final UninterruptibleCall uninterruptible;

	GuardedStore(LockStore store, EngineRuntime runtime) {
		this.store = store;
		this.uninterruptible = new UninterruptibleCall(runtime);
	}

	/** An interrupted attempt may still have taken the lock, so it gives it back. */
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

	Duration leaseValidity(Duration leaseTime) {
		return this.store.leaseValidity(leaseTime);
	}

	/**
	 * For a re-entry or take-over, which an interrupt ends like any acquisition;
	 * {@code false} if the store no longer records the holder.
	 */
	boolean renew(Lease hold, Duration leaseTime) throws InterruptedException {
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
	 * Uninterruptible. A release cut short may have run: if the retry finds the lock no
	 * longer this holder's while {@code leaseLeft}, the first attempt released it, and it
	 * counts as released.
	 */
	boolean release(Lease hold, boolean leaseLeft) {
		try {
			return this.uninterruptible.call((afterInterruption) -> this.store.release(hold.name(), hold.ownerToken())
					|| (afterInterruption && leaseLeft));
		}
		catch (RuntimeException ex) {
			throw new LockStoreException(hold.name(), "Could not release lock '" + hold.name() + "': " + failure(ex)
					+ "; it frees itself when its lease runs out, if the release did not reach the store", ex);
		}
	}

	/** Stands in for {@link #release}, leaving the lock for {@code keptFor}. */
	boolean keep(Lease hold, Duration keptFor, boolean leaseLeft) {
		try {
			return this.uninterruptible
				.call((afterInterruption) -> this.store.renew(hold.name(), hold.ownerToken(), keptFor)
						|| (afterInterruption && leaseLeft));
		}
		catch (RuntimeException ex) {
			throw new LockStoreException(hold.name(),
					"Could not keep lock '" + hold.name() + "' held for " + keptFor.toMillis()
							+ " ms after its release: " + failure(ex)
							+ "; it frees itself when its lease runs out, which may be sooner",
					ex);
		}
	}

	/**
	 * For every release with no caller to tell; uninterruptible, and logs a failure only,
	 * as the lock or queue place then runs out by itself. Returns whether the store
	 * recorded the owner until this release.
	 */
	boolean releaseQuietly(String name, String ownerToken, String occasion) {
		try {
			return this.uninterruptible.call((retry) -> this.store.release(name, ownerToken));
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
	 * Uninterruptible: a pass cut short may have run and left the lock under a token no
	 * thread holds; a failed pass is released under that token for the same reason.
	 * Returns {@code null} if the store could not pass the lock on, or failed: the
	 * releasing thread then releases instead.
	 */
	LockStore.@Nullable Reacquisition reacquire(Lease hold, String nextOwnerToken) {
		try {
			return this.uninterruptible.call((afterInterruption) -> this.store.reacquire(hold.name(), hold.ownerToken(),
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
	 * Uninterruptible: asking again after an interrupt only skips a token. Returns
	 * {@code 0} if the store no longer records the holder.
	 */
	long issueFencingToken(Lease hold) {
		try {
			return this.uninterruptible
				.call((retry) -> this.store.issueFencingToken(hold.name(), hold.ownerToken(), hold.leaseTime()));
		}
		catch (RuntimeException ex) {
			throw new LockStoreException(hold.name(),
					"Could not issue a fencing token for lock '" + hold.name() + "': " + failure(ex), ex);
		}
	}

	/**
	 * Uninterruptible: a raise that reached the store and lost its answer is sent again,
	 * which only raises to the same token.
	 */
	boolean raiseFencingTokensAbove(String name, long token) {
		try {
			return this.uninterruptible.call((retry) -> this.store.raiseFencingTokensAbove(name, token));
		}
		catch (RuntimeException ex) {
			throw new LockStoreException(name,
					"Could not raise the fencing tokens of lock '" + name + "' above " + token + ": " + failure(ex),
					ex);
		}
	}

	/** A failure is passed on: it only makes the renewal sweep try again sooner. */
	List<CompletableFuture<Boolean>> renewAll(List<LockStore.LeaseRenewal> renewals, Duration timeout) {
		return this.store.renewAllAsync(renewals, timeout);
	}

	/** For the non-blocking calls, whose failures the caller translates. */
	LockStore unguarded() {
		return this.store;
	}

	boolean queuesWaiters() {
		return this.store.queuesWaiters();
	}

	/** A failure is passed on: it ends the acquisition that subscribed. */
	AutoCloseable subscribe(String name, String ownerToken, LockStore.ReleaseListener listener) {
		return this.store.subscribe(name, ownerToken, listener);
	}

	/** Logs a failure only: a waiter that leaves is not held up by it. */
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

	void close() {
		this.uninterruptible.close();
	}

	/** Clears the interrupt flag; also sees an interrupt the store's client wrapped. */
	private static boolean cutShortByInterrupt(RuntimeException ex) {
		return Thread.interrupted() || UninterruptibleCall.isInterruption(ex);
	}

	private static InterruptedException interruption(String message, Throwable cause) {
		InterruptedException interrupted = new InterruptedException(message);
		interrupted.initCause(cause);
		return interrupted;
	}

	/** A thread interrupted on every retry is not a store that failed. */
	static String failure(RuntimeException ex) {
		if (UninterruptibleCall.isInterruption(ex)) {
			return "the thread was interrupted on every attempt";
		}
		// The store's own words (an error reply such as OOM or WRONGTYPE) sit below the
		// client's and Spring's wrappers.
		return "the lock store failed (" + NestedExceptionUtils.getMostSpecificCause(ex).getMessage() + ")";
	}

}
