// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.engine;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ThreadFactory;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

import io.github.redislock.core.LockLostEvent;
import io.github.redislock.core.LockLostException;
import io.github.redislock.core.LockStoreException;

/**
 * Keeps held leases from acquisition to release: renews, lengthens, reports losses. Every
 * path that ends a hold comes here, so that none is left renewed, or reported lost after
 * its release.
 *
 * @author redis-lock contributors
 */
final class LeaseKeeper implements AutoCloseable {

	private final StoreCalls store;

	private final EngineRuntime runtime;

	private final LeaseRenewer renewer;

	private final LockLostDispatcher lostLeases;

	LeaseKeeper(StoreCalls store, Consumer<LockLostEvent> lostListener, EngineRuntime runtime) {
		this.store = store;
		this.runtime = runtime;
		this.lostLeases = new LockLostDispatcher(lostListener, runtime);
		this.renewer = new LeaseRenewer(store, this::lostToRenewal, runtime);
	}

	void tellLossesOn(ThreadFactory threads) {
		this.lostLeases.useThreads(threads);
	}

	void startRenewing(Lease hold) {
		this.renewer.start(hold);
	}

	void stopRenewing(Lease hold) {
		this.renewer.stop(hold);
	}

	int renewalCount() {
		return this.renewer.activeCount();
	}

	DefaultLockClient.RenewalHealth renewalHealth() {
		return this.renewer.health();
	}

	/**
	 * A re-entry may lengthen the lease or start renewal, never shorten it; the longer
	 * lease is recorded only once granted, so a failed re-entry changes nothing.
	 */
	void lengthen(Lease hold, Duration leaseTime, boolean renew) throws InterruptedException {
		if (leaseTime.compareTo(hold.leaseTime()) > 0) {
			if (!hold.isRenewing()) {
				long requestedAt = this.runtime.nanoTime();
				if (!this.store.renew(hold, leaseTime)) {
					lost(hold, "the store no longer records this holder");
					throw hold.lostBefore("re-entry");
				}
				hold.leaseConfirmed(requestedAt, leaseTime);
			}
			hold.lengthenLeaseTo(leaseTime);
		}
		if (renew && !hold.isRenewing()) {
			this.renewer.start(hold);
		}
	}

	/** {@code false} if the store no longer records the holder. */
	boolean extendTakenOver(Lease hold, Duration leaseTime) throws InterruptedException {
		Duration lease = (leaseTime.compareTo(hold.leaseTime()) > 0) ? leaseTime : hold.leaseTime();
		long requestedAt = this.runtime.nanoTime();
		if (!this.store.renew(hold, lease)) {
			return false;
		}
		hold.lengthenLeaseTo(lease);
		hold.leaseConfirmed(requestedAt, lease);
		return true;
	}

	/** No longer this process's: from now on neither renewed nor reported lost. */
	void letGo(Lease hold) {
		hold.markReleased();
		this.renewer.stop(hold);
	}

	/** For a hold nobody holds any more, or one given back; logs a failure only. */
	void giveBack(Lease hold) {
		letGo(hold);
		this.store.releaseQuietly(hold.name(), hold.ownerToken(), "");
	}

	/**
	 * Throws {@link LockLostException} if the lease was lost, {@link LockStoreException}
	 * if the store failed while the lease still lasted.
	 */
	void release(Lease hold) {
		boolean leaseLeft = hold.isValid();
		letGo(hold);
		String name = hold.name();
		if (hold.isGivenUp()) {
			// Released when given up; the store may be gone by now.
			this.store.releaseQuietly(name, hold.ownerToken(), "");
			throw givenUp(hold);
		}
		boolean released;
		try {
			Duration keptFor = hold.keptAfterRelease();
			released = keptFor.isZero() ? this.store.release(hold) : this.store.keep(hold, keptFor);
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
	 * For a hold the store released already; throws as {@link #release} for a loss found
	 * before.
	 */
	void released(Lease hold) {
		letGo(hold);
		if (hold.isGivenUp()) {
			throw givenUp(hold);
		}
		if (hold.isLost()) {
			throw reportedLost(hold);
		}
	}

	/** A loss is told on another thread: the store answers on one that must not wait. */
	CompletionStage<Void> releaseAsync(Lease hold) {
		boolean leaseLeft = hold.isValid();
		letGo(hold);
		if (hold.isGivenUp()) {
			this.store.releaseQuietlyAsync(hold.name(), hold.ownerToken(), "", false);
			return CompletableFuture.failedFuture(givenUp(hold));
		}
		Duration keptFor = hold.keptAfterRelease();
		CompletionStage<Boolean> release = keptFor.isZero() ? this.store.releaseAsync(hold)
				: this.store.renewAsync(hold, keptFor);
		return release.handle((released, failure) -> {
			if (failure != null) {
				LockStoreException storeFailure = StoreCalls.storeFailure(hold.name(), failure);
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

	private static LockLostException givenUp(Lease hold) {
		return new LockLostException(hold.name(), "Lock '" + hold.name() + "' was lost: " + hold.givenUpReason()
				+ "; work done under it may have overlapped with another holder");
	}

	/** The lock may be another's by now, whatever became of the release. */
	private static LockLostException unreachableAfterLoss(Lease hold, LockStoreException failure,
			BiConsumer<Lease, String> notifyLost) {
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

	/** The store still recorded the holder, but the loss reported stands. */
	static LockLostException reportedLost(Lease hold) {
		String name = hold.name();
		return new LockLostException(name, "Lock '" + name + "' was reported lost while held, its lease having run "
				+ "out before a renewal was answered: work done under it may have overlapped with another holder");
	}

	private static LockLostException lostAtRelease(Lease hold, BiConsumer<Lease, String> notifyLost) {
		if (!hold.isLost()) {
			notifyLost.accept(hold, "the store no longer recorded this holder at release");
		}
		String name = hold.name();
		return new LockLostException(name, "Lock '" + name + "' had already expired or been taken over "
				+ "when it was released: work done under it may have overlapped with another holder");
	}

	/** On the caller's thread, which found the loss. */
	void lost(Lease hold, String reason) {
		if (!hold.markLostIfHeld()) {
			return;
		}
		this.renewer.stop(hold);
		notifyLost(hold, reason);
	}

	/** At the shutdown timeout: released, not left to a lease nobody renews. */
	void giveUp(Lease hold) {
		giveUp(hold,
				"the lock client was closed while the lock was held, and released it when its shutdown timeout "
						+ "ran out",
				"the lock client was closed while it was held, and released it when its shutdown timeout ran out",
				" when the lock client shut down");
	}

	/** Also for an operator's revoke; whether the store recorded the hold until then. */
	boolean giveUp(Lease hold, String reason, String holderReason, String occasion) {
		if (hold.isReleasedOrLost()) {
			return false;
		}
		hold.markGivenUp(holderReason);
		this.renewer.stop(hold);
		boolean released = this.store.releaseQuietly(hold.name(), hold.ownerToken(), occasion);
		lost(hold, reason);
		return released;
	}

	/** For threads that must not wait for the listener: renewal's, and async answers. */
	void lostToRenewal(Lease hold, String reason) {
		if (!hold.markLostIfHeld()) {
			return;
		}
		this.renewer.stop(hold);
		notifyLostLater(hold, reason);
	}

	private void notifyLostLater(Lease hold, String reason) {
		hold.markLost();
		hold.observed().lost();
		this.lostLeases.reportLater(new LockLostEvent(hold.name(), hold.fencingToken(), reason));
		hold.lossFound(reason);
	}

	private void notifyLost(Lease hold, String reason) {
		hold.markLost();
		hold.observed().lost();
		this.lostLeases.reportNow(new LockLostEvent(hold.name(), hold.fencingToken(), reason));
		hold.lossFound(reason);
	}

	/** Losses already found are still told. */
	@Override
	public void close() {
		this.renewer.close();
		this.lostLeases.close();
	}

}
