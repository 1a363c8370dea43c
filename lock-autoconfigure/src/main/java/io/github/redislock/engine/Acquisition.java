// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.engine;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;

import io.github.redislock.core.LockBackoff;
import io.github.redislock.core.LockClientClosedException;
import io.github.redislock.core.LockStoreException;
import io.github.redislock.store.LockHolder;
import io.github.redislock.store.LockStore;
import org.jspecify.annotations.Nullable;

/**
 * The acquisition protocol, once for every caller: attempts, a place in the store's
 * queue, the release subscription, backoff, the hand-off, the deadline and the give-back.
 * It runs as a chain of store answers, timers and release notifications, so that no
 * thread waits in it; a blocking caller {@link #await awaits} its outcome, as an
 * asynchronous one composes it.
 * <p>
 * Only one attempt is in flight at a time. The state is guarded by a lock held only to
 * read and write fields, never across a store call. The attempt, its answer, a wake-up
 * and the end of the wait read and write that one state, so they stay in one class; the
 * rules they follow are in {@link WaitPolicy}.
 *
 * @author redis-lock contributors
 */
final class Acquisition implements LockStore.ReleaseListener {

	private final AsyncStore store;

	private final OwnerTokens owners;

	private final LockBackoff backoff;

	private final ScheduledExecutorService timer;

	private final BooleanSupplier stopping;

	private final String name;

	private final String ownerToken;

	private final Duration leaseTime;

	private final Duration handOffLease;

	private final long deadline;

	private final LockHolder holder;

	/** The thread the hold is granted to, or {@code null} for an asynchronous holder. */
	private final @Nullable Thread owner;

	/** Completes with the hold, {@code null} if the wait passed, or the failure. */
	private final CompletableFuture<@Nullable LockHold> result = new CompletableFuture<>();

	private final ReentrantLock lock = new ReentrantLock();

	private int attempts;

	/** Whether an attempt awaits the store's answer. */
	private boolean inFlight;

	/** Whether a release was announced while an attempt was in flight. */
	private boolean wokenUp;

	/** Whether the wait ended: granted, given up, failed or abandoned. */
	private boolean done;

	/** Whether the wait ended with the lock granted. */
	private boolean granted;

	/** Whether an attempt may have queued this holder in the store. */
	private boolean queued;

	private long expectedTicket;

	/** {@link System#nanoTime()} when the latest attempt was made. */
	private long requestedAt;

	private LockStore.@Nullable HandOff handOff;

	private @Nullable ScheduledFuture<?> nextAttempt;

	/**
	 * The number of the latest attempt scheduled: only that one runs, since cancelling a
	 * scheduled attempt does not stop one that has begun.
	 */
	private long scheduled;

	private @Nullable AutoCloseable subscription;

	Acquisition(AsyncStore store, OwnerTokens owners, LockBackoff backoff, ScheduledExecutorService timer,
			BooleanSupplier stopping, String name, String ownerToken, Duration leaseTime, boolean renew, long deadline,
			LockHolder holder, @Nullable Thread owner) {
		this.store = store;
		this.owners = owners;
		this.backoff = backoff;
		this.timer = timer;
		this.stopping = stopping;
		this.name = name;
		this.ownerToken = ownerToken;
		this.leaseTime = leaseTime;
		this.handOffLease = WaitPolicy.handOffLease(leaseTime, renew);
		this.deadline = deadline;
		this.holder = holder;
		this.owner = owner;
	}

	String name() {
		return this.name;
	}

	/**
	 * Make the first attempt.
	 * @return completes with the hold the store granted, {@code null} if the wait passed
	 * first, or a failure: {@code LockStoreException}, {@link LockClientClosedException}
	 */
	CompletableFuture<@Nullable LockHold> start() {
		attempt(0);
		return this.result;
	}

	/**
	 * Wait on, after a first attempt the caller made itself found the lock busy: the
	 * thread at the head of a local queue asks the store on its own thread first, so that
	 * an uncontended lock costs no hand-over between threads.
	 * @param busy the store's answer to the first attempt
	 * @param firstRequestedAt {@link System#nanoTime()} when it was made
	 * @return the hold, or {@code null} if the deadline passed first
	 * @throws InterruptedException if the thread was interrupted; the wait is then
	 * abandoned and a lock granted meanwhile given back
	 * @throws LockStoreException if the store failed
	 * @throws LockClientClosedException if the client stopped meanwhile
	 */
	@Nullable LockHold await(LockStore.AcquireResult busy, long firstRequestedAt) throws InterruptedException {
		this.lock.lock();
		try {
			this.attempts = 1;
			this.requestedAt = firstRequestedAt;
			this.inFlight = true;
		}
		finally {
			this.lock.unlock();
		}
		answered(busy, null);
		try {
			return this.result.get();
		}
		catch (InterruptedException ex) {
			abandon();
			// Uninterruptibly: the queue is left, or a lock granted meanwhile given back,
			// before the thread is told.
			LockHold granted = this.result.exceptionally((failure) -> null).join();
			if (granted != null) {
				this.store.releaseQuietly(this.name, this.ownerToken, " for a thread interrupted while it waited")
					.toCompletableFuture()
					.join();
			}
			throw ex;
		}
		catch (ExecutionException ex) {
			Throwable failure = ex.getCause();
			if (failure instanceof RuntimeException runtime) {
				throw runtime;
			}
			throw AsyncStore.storeFailure(this.name, (failure != null) ? failure : ex);
		}
	}

	/**
	 * Give up the wait: the holder no longer wants the lock. Leaves the store's queue,
	 * and gives back a lock granted by an attempt still in flight.
	 */
	void abandon() {
		this.lock.lock();
		try {
			if (this.done) {
				return;
			}
			end();
			if (this.inFlight) {
				// The answer gives back whatever the attempt obtained.
				return;
			}
		}
		finally {
			this.lock.unlock();
		}
		leaveQueue().thenRun(() -> this.result.complete(null));
	}

	/**
	 * Make the next attempt now, as a release does: the client is stopping and waits no
	 * longer.
	 */
	void wakeUp() {
		released(null);
	}

	@Override
	public void released(LockStore.@Nullable HandOff handOff) {
		this.lock.lock();
		try {
			if (this.done) {
				return;
			}
			if (handOff != null) {
				if (!handOff.ownerToken().equals(this.ownerToken) || handOff.ticket() != this.expectedTicket) {
					// Handed to another waiter: nothing to try for, and a thousand
					// waiters woken by each hand-off would each ask Redis in vain.
					return;
				}
				this.handOff = handOff;
			}
			if (this.inFlight) {
				this.wokenUp = true;
				return;
			}
			if (handOff != null && !this.stopping.getAsBoolean()) {
				// Taken on the notifying thread: a hand-off needs no store call.
				LockHold handedOver = handedOver();
				if (handedOver != null) {
					grant(handedOver);
					return;
				}
			}
			schedule(0);
		}
		finally {
			this.lock.unlock();
		}
	}

	/** Called holding the state lock. */
	private void schedule(long delayNanos) {
		ScheduledFuture<?> next = this.nextAttempt;
		if (next != null) {
			next.cancel(false);
		}
		long number = ++this.scheduled;
		this.nextAttempt = this.timer.schedule(() -> attempt(number), delayNanos, TimeUnit.NANOSECONDS);
	}

	private void attempt(long number) {
		LockStore.Queueing queueing;
		this.lock.lock();
		try {
			if (this.done || this.inFlight || number != this.scheduled) {
				// Ended, or this attempt was replaced by a later one.
				return;
			}
			if (this.stopping.getAsBoolean()) {
				fail(new LockClientClosedException(this.name));
				return;
			}
			LockHold handedOver = handedOver();
			if (handedOver != null) {
				grant(handedOver);
				return;
			}
			this.attempts++;
			long ticket = this.owners.nextTicket();
			this.expectedTicket = ticket;
			// The first attempt is not queued: an uncontended lock needs no place.
			queueing = (this.attempts == 1) ? null : WaitPolicy.queueing(this.store.queuesWaiters(), this.deadline,
					this.backoff, this.handOffLease, ticket, this.queued);
			this.queued |= queueing != null;
			this.requestedAt = System.nanoTime();
			this.inFlight = true;
			this.wokenUp = false;
			this.nextAttempt = null;
		}
		finally {
			this.lock.unlock();
		}
		this.store.tryAcquire(this.name, this.ownerToken, this.leaseTime, queueing, this.holder)
			.whenComplete(this::answered);
	}

	private void answered(LockStore.@Nullable AcquireResult answer, @Nullable Throwable failure) {
		this.lock.lock();
		try {
			this.inFlight = false;
			if (this.done) {
				// Abandoned meanwhile: whatever the attempt obtained is given back; never
				// a
				// grant, whose owner token it shares.
				if (!this.granted) {
					this.store.releaseQuietly(this.name, this.ownerToken, " for a holder that gave up waiting")
						.thenRun(() -> this.result.complete(null));
				}
				return;
			}
			if (failure != null || answer == null) {
				// The attempt may still run in the store, late: it is taken back, which
				// also takes this holder out of the queue.
				end();
				this.store.takeBack(this.name, this.ownerToken);
				this.result.completeExceptionally(AsyncStore.storeFailure(this.name,
						(failure != null) ? failure : new IllegalStateException("No answer")));
				return;
			}
			if (answer.acquired()) {
				grant(LockHold.granted(this.name, this.ownerToken, this.leaseTime, this.requestedAt,
						this.store::leaseValidity, this.owner));
				return;
			}
			long remaining = Deadline.remaining(this.deadline);
			if (remaining <= 0) {
				end();
				leaveQueueLater().thenRun(() -> this.result.complete(null));
				return;
			}
			if (this.subscription == null) {
				// Told once subscribed too, so that a release before then is not missed.
				this.subscription = this.store.subscribe(this.name, this.ownerToken, this);
			}
			long pause = this.wokenUp ? 0
					: WaitPolicy.pauseNanos(this.backoff, this.attempts, remaining, answer.remainingLeaseMillis());
			schedule(pause);
		}
		finally {
			this.lock.unlock();
		}
	}

	/**
	 * Return the hold of a lock that the store handed to the latest attempt, if enough of
	 * its lease is known to be left; else the next attempt finds the lock recorded for
	 * this holder and renews it.
	 */
	private @Nullable LockHold handedOver() {
		if (this.handOff == null) {
			return null;
		}
		this.handOff = null;
		LockHold hold = LockHold.granted(this.name, this.ownerToken, this.handOffLease, this.requestedAt,
				this.store::leaseValidity, this.owner);
		if (hold.remainingNanos() <= this.handOffLease.toNanos() / 2) {
			return null;
		}
		hold.lengthenLeaseTo(this.leaseTime);
		return hold;
	}

	/** Called holding the state lock. */
	private void grant(LockHold hold) {
		this.granted = true;
		end();
		this.result.complete(hold);
	}

	/** Called holding the state lock. */
	private void fail(Throwable failure) {
		end();
		leaveQueueLater().thenRun(() -> this.result.completeExceptionally(failure));
	}

	/**
	 * End the wait: no more attempts, no more notifications. Called holding the state
	 * lock.
	 */
	private void end() {
		this.done = true;
		ScheduledFuture<?> next = this.nextAttempt;
		if (next != null) {
			next.cancel(false);
			this.nextAttempt = null;
		}
		this.store.unsubscribeQuietly(this.subscription, this.name);
		this.subscription = null;
	}

	/**
	 * Leave the store's queue if an attempt may have queued this holder. Called holding
	 * the state lock.
	 * @return completes once the store answered
	 */
	private CompletionStage<Void> leaveQueueLater() {
		if (this.queued) {
			this.queued = false;
			return this.store.releaseQuietly(this.name, this.ownerToken, " to leave its queue");
		}
		return CompletableFuture.completedFuture(null);
	}

	private CompletionStage<Void> leaveQueue() {
		this.lock.lock();
		try {
			return leaveQueueLater();
		}
		finally {
			this.lock.unlock();
		}
	}

}
