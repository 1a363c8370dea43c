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
package io.github.redislock.engine;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import org.jspecify.annotations.Nullable;

import io.github.redislock.core.LockBackoff;
import io.github.redislock.core.LockClientClosedException;
import io.github.redislock.core.LockStoreException;
import io.github.redislock.store.LockHolder;
import io.github.redislock.store.LockStore;

/**
 * One thread's wait for a lock in the store, once a first attempt found it busy, until
 * the store grants it or the deadline passes. While it waits, the thread keeps a place in
 * the store's queue, so that the holder's release hands the lock straight to it; a
 * hand-off is taken only if it answers this thread's latest attempt, since the store
 * handed the lock over after that attempt and so its lease is known to run at least from
 * then. Between attempts the thread pauses with backoff, woken early by release
 * notifications.
 * <p>
 * Closing the wait unsubscribes and, unless the store granted the lock, leaves the queue,
 * which passes on a lock handed to the thread meanwhile. A lock the store granted is the
 * caller's to keep or to give back.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
final class StoreWait implements AutoCloseable {

	/**
	 * How much longer than its next pause a waiter keeps its place in the store's queue,
	 * to allow for a slow round trip or a pause of this process.
	 */
	private static final Duration QUEUE_MARGIN = Duration.ofSeconds(1);

	/**
	 * The place asked for by the last attempt of a waiter that queued: the attempt must
	 * say it queued to take its place out, and if the lock is still busy, the place it
	 * keeps runs out at once.
	 */
	private static final Duration LAST_PLACE = Duration.ofMillis(1);

	/**
	 * The longest lease a renewed lock is handed over with: should the waiter's process
	 * have died since it last asked, the lock frees itself this soon. The renewal thread
	 * extends it to the full lease.
	 */
	private static final Duration MAX_RENEWED_HAND_OFF_LEASE = Duration.ofSeconds(5);

	private final GuardedStore store;

	private final OwnerTokens owners;

	private final LockBackoff backoff;

	private final LockState state;

	private final String ownerToken;

	private final Duration leaseTime;

	private final Duration handOffLease;

	private final long deadline;

	private final LockHolder holder;

	private @Nullable AutoCloseable subscription;

	/** {@link System#nanoTime()} when the latest attempt was made. */
	private long requestedAt;

	/** Whether an attempt may have queued the thread in the store. */
	private boolean queued;

	/** Whether the store granted the lock to the thread. */
	private boolean granted;

	/**
	 * Create the wait of the current thread.
	 * @param store the store
	 * @param owners the tickets of the attempts
	 * @param ownerToken the owner token of the hold the thread waits for
	 * @param backoff the pauses between attempts
	 * @param state the state of the lock, whose local lock the thread holds
	 * @param leaseTime the lease to ask for
	 * @param renew whether the lease is to be renewed while held
	 * @param deadline when to give up
	 * @param holder who waits, recorded with the lock when it is taken or handed over
	 */
	StoreWait(GuardedStore store, OwnerTokens owners, String ownerToken, LockBackoff backoff, LockState state,
			Duration leaseTime, boolean renew, long deadline, LockHolder holder) {
		this.store = store;
		this.owners = owners;
		this.backoff = backoff;
		this.state = state;
		this.ownerToken = ownerToken;
		this.leaseTime = leaseTime;
		this.handOffLease = handOffLease(leaseTime, renew);
		this.deadline = deadline;
		this.holder = holder;
	}

	/**
	 * Take the lock, waiting until the deadline.
	 * @param busy the store's answer to the first attempt, which found the lock busy
	 * @return the hold the store granted, with the lease asked for, or {@code null} if
	 * the deadline passed first
	 * @throws InterruptedException if the thread was interrupted
	 * @throws LockStoreException if the store failed
	 * @throws LockClientClosedException if the client stopped meanwhile
	 */
	@Nullable LockHold acquire(LockStore.AcquireResult busy) throws InterruptedException {
		HandOffListener listener = new HandOffListener(this.ownerToken, this.state.wakeUps);
		long remaining = Deadline.remaining(this.deadline);
		this.subscription = this.store.subscribe(this.state.name, this.ownerToken, listener);
		LockStore.AcquireResult result = busy;
		for (int attempt = 1;; attempt++) {
			pause(attempt, remaining, result.remainingLeaseMillis());
			// Leaving the queue on close passes on a lock handed over meanwhile.
			if (this.state.waitsAbandoned()) {
				throw new LockClientClosedException(this.state.name);
			}
			LockHold handedOver = handedOver(listener);
			if (handedOver != null) {
				this.granted = true;
				return handedOver;
			}
			result = attempt(listener);
			if (result.acquired()) {
				this.granted = true;
				return new LockHold(this.state.name, this.ownerToken, this.leaseTime, this.requestedAt,
						this.store::leaseValidity);
			}
			remaining = Deadline.remaining(this.deadline);
			if (remaining <= 0) {
				return null;
			}
		}
	}

	/**
	 * Ask again, queued for a hand-off this time.
	 */
	private LockStore.AcquireResult attempt(HandOffListener listener) throws InterruptedException {
		long ticket = this.owners.nextTicket();
		listener.expect(ticket);
		LockStore.Queueing queueing = queueing(ticket);
		this.state.wakeUps.drainPermits();
		this.requestedAt = System.nanoTime();
		try {
			return this.store.tryAcquire(this.state.name, this.ownerToken, this.leaseTime, queueing, this.holder);
		}
		catch (LockStoreException | InterruptedException ex) {
			// The store is failing, so waiting on it once more to leave the queue is
			// pointless, or the release after the interrupt left it already.
			this.queued = false;
			throw ex;
		}
	}

	/**
	 * Queue an attempt only while the thread may wait, and only for as long as it may
	 * take to ask again, so that the place of a waiter that died runs out soon.
	 */
	private LockStore.@Nullable Queueing queueing(long ticket) {
		LockStore.Queueing queueing = queueing(this.store.queuesWaiters(), this.deadline, this.backoff,
				this.handOffLease, ticket, this.queued);
		this.queued |= queueing != null;
		return queueing;
	}

	/**
	 * Return how a waiter asks to be queued: only while it may wait, and only for as long
	 * as it may take to ask again, so that the place of a waiter that died runs out soon;
	 * its last attempt, if it queued before, only to take out its place.
	 * @param queuesWaiters whether the store queues waiters at all
	 * @param deadline when the waiter gives up
	 * @param backoff the pauses between its attempts
	 * @param handOffLease the lease it is handed the lock with
	 * @param ticket the ticket of the attempt
	 * @param queuedBefore whether an earlier attempt may have queued it
	 * @return the queueing, or {@code null} not to queue
	 */
	static LockStore.@Nullable Queueing queueing(boolean queuesWaiters, long deadline, LockBackoff backoff,
			Duration handOffLease, long ticket, boolean queuedBefore) {
		long remainingWait = Deadline.remaining(deadline);
		if (!queuesWaiters) {
			return null;
		}
		if (remainingWait <= 0) {
			// The last attempt, not to be queued again; if it takes the lock, it must
			// still take out the place an earlier attempt queued, which a later release
			// would otherwise hand the lock to.
			return queuedBefore ? new LockStore.Queueing(LAST_PLACE, handOffLease, ticket, true) : null;
		}
		long validity = Math.min(remainingWait, backoff.maxDelayNanos());
		// Saturated: a practically endless wait with the longest backoff would overflow.
		validity = (validity > Long.MAX_VALUE - QUEUE_MARGIN.toNanos()) ? Long.MAX_VALUE
				: validity + QUEUE_MARGIN.toNanos();
		return new LockStore.Queueing(Duration.ofNanos(validity), handOffLease, ticket, queuedBefore);
	}

	/**
	 * Return the lease a waiter is handed the lock with.
	 * @param leaseTime the lease it asked for
	 * @param renew whether it is renewed while held
	 * @return the lease, no longer than {@link #MAX_RENEWED_HAND_OFF_LEASE} when renewed
	 */
	static Duration handOffLease(Duration leaseTime, boolean renew) {
		return (renew && leaseTime.compareTo(MAX_RENEWED_HAND_OFF_LEASE) > 0) ? MAX_RENEWED_HAND_OFF_LEASE : leaseTime;
	}

	/**
	 * Return the pause before the next attempt: never beyond the deadline, nor beyond the
	 * holder's lease.
	 * @param backoff the pauses between attempts
	 * @param attempt the number of the attempt just made
	 * @param remaining how long the wait may still last
	 * @param holderLeaseMillis how long the holder's lease lasts
	 * @return the pause in nanoseconds
	 */
	static long pauseNanos(LockBackoff backoff, int attempt, long remaining, long holderLeaseMillis) {
		long holderLease = TimeUnit.MILLISECONDS.toNanos(Math.max(1, holderLeaseMillis));
		return Math.min(backoff.delayNanos(attempt), Math.min(remaining, holderLease));
	}

	/**
	 * Pause until the next attempt is due or a release wakes the thread: never beyond the
	 * deadline, nor beyond the holder's lease.
	 */
	private void pause(int attempt, long remaining, long holderLeaseMillis) throws InterruptedException {
		this.state.wakeUps.tryAcquire(pauseNanos(this.backoff, attempt, remaining, holderLeaseMillis),
				TimeUnit.NANOSECONDS);
	}

	/**
	 * Return the hold of a lock that the store handed to the latest attempt, if enough of
	 * its lease is known to be left.
	 */
	private @Nullable LockHold handedOver(HandOffListener listener) {
		if (listener.handOff() == null) {
			return null;
		}
		LockHold hold = new LockHold(this.state.name, this.ownerToken, this.handOffLease, this.requestedAt,
				this.store::leaseValidity);
		// Too little of the lease is known to be left when the news came late: the next
		// attempt finds the lock recorded for this thread and renews it.
		if (hold.remainingNanos() <= this.handOffLease.toNanos() / 2) {
			return null;
		}
		hold.lengthenLeaseTo(this.leaseTime);
		return hold;
	}

	/**
	 * Unsubscribe, and leave the queue unless the store granted the lock: also when the
	 * thread gives up because it was interrupted, since a lock the store handed to it
	 * meanwhile would otherwise be held up for its hand-off lease.
	 */
	@Override
	public void close() {
		this.store.unsubscribeQuietly(this.subscription, this.state.name);
		if (this.queued && !this.granted) {
			this.store.releaseQuietly(this.state.name, this.ownerToken, " to leave its queue");
		}
	}

}
