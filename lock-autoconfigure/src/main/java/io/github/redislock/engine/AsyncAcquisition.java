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
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;

import io.github.redislock.core.LockBackoff;
import io.github.redislock.core.LockClientClosedException;
import io.github.redislock.store.LockHolder;
import io.github.redislock.store.LockStore;
import org.jspecify.annotations.Nullable;

/**
 * One asynchronous holder's wait for a lock: the attempts a {@link StoreWait} makes in a
 * loop, made here as a chain of store answers, timers and release notifications, so that
 * no thread waits. It keeps a place in the store's queue like a thread does, takes a
 * hand-off only if it answers its latest attempt, and pauses with the same backoff, woken
 * early by release notifications.
 * <p>
 * Only one attempt is in flight at a time. Its state is guarded by a lock held only to
 * read and write fields, never across a store call, so a virtual or event-loop thread
 * that delivers an answer never waits long.
 *
 * @author redis-lock contributors
 */
final class AsyncAcquisition implements LockStore.ReleaseListener {

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

	/** Whether an attempt may have queued this holder in the store. */
	private boolean queued;

	private long expectedTicket;

	/** {@link System#nanoTime()} when the latest attempt was made. */
	private long requestedAt;

	private LockStore.@Nullable HandOff handOff;

	private @Nullable ScheduledFuture<?> nextAttempt;

	private @Nullable AutoCloseable subscription;

	AsyncAcquisition(AsyncStore store, OwnerTokens owners, LockBackoff backoff, ScheduledExecutorService timer,
			BooleanSupplier stopping, String name, Duration leaseTime, boolean renew, long deadline,
			LockHolder holder) {
		this.store = store;
		this.owners = owners;
		this.backoff = backoff;
		this.timer = timer;
		this.stopping = stopping;
		this.name = name;
		this.ownerToken = owners.newHold();
		this.leaseTime = leaseTime;
		this.handOffLease = StoreWait.handOffLease(leaseTime, renew);
		this.deadline = deadline;
		this.holder = holder;
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
		attempt();
		return this.result;
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
		leaveQueue();
		this.result.complete(null);
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
					// waiters
					// woken by each hand-off would each ask Redis in vain.
					return;
				}
				this.handOff = handOff;
			}
			if (this.inFlight) {
				this.wokenUp = true;
				return;
			}
			ScheduledFuture<?> next = this.nextAttempt;
			if (next != null && !next.cancel(false)) {
				// Already running.
				return;
			}
			this.nextAttempt = this.timer.schedule(this::attempt, 0, TimeUnit.NANOSECONDS);
		}
		finally {
			this.lock.unlock();
		}
	}

	private void attempt() {
		LockStore.Queueing queueing;
		this.lock.lock();
		try {
			if (this.done) {
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
			// The first attempt is not queued, as a thread's is not.
			queueing = (this.attempts == 1) ? null : StoreWait.queueing(this.store.queuesWaiters(), this.deadline,
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
				// Abandoned meanwhile: whatever the attempt obtained is given back.
				this.store.releaseQuietly(this.name, this.ownerToken, " for a holder that gave up waiting");
				this.result.complete(null);
				return;
			}
			if (failure != null || answer == null) {
				// The attempt may still run in the store, late: it is taken back.
				this.queued = true;
				fail(AsyncStore.storeFailure(this.name,
						(failure != null) ? failure : new IllegalStateException("No answer")));
				return;
			}
			if (answer.acquired()) {
				grant(LockHold.unowned(this.name, this.ownerToken, this.leaseTime, this.requestedAt,
						this.store::leaseValidity));
				return;
			}
			long remaining = Deadline.remaining(this.deadline);
			if (remaining <= 0) {
				end();
				leaveQueueLater();
				this.result.complete(null);
				return;
			}
			if (this.subscription == null) {
				// Told once subscribed too, so that a release before then is not missed.
				this.subscription = this.store.subscribe(this.name, this.ownerToken, this);
			}
			long pause = this.wokenUp ? 0
					: StoreWait.pauseNanos(this.backoff, this.attempts, remaining, answer.remainingLeaseMillis());
			this.nextAttempt = this.timer.schedule(this::attempt, pause, TimeUnit.NANOSECONDS);
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
		LockHold hold = LockHold.unowned(this.name, this.ownerToken, this.handOffLease, this.requestedAt,
				this.store::leaseValidity);
		if (hold.remainingNanos() <= this.handOffLease.toNanos() / 2) {
			return null;
		}
		hold.lengthenLeaseTo(this.leaseTime);
		return hold;
	}

	/** Called holding the state lock. */
	private void grant(LockHold hold) {
		end();
		this.result.complete(hold);
	}

	/** Called holding the state lock. */
	private void fail(Throwable failure) {
		end();
		leaveQueueLater();
		this.result.completeExceptionally(failure);
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

	private void leaveQueueLater() {
		if (this.queued) {
			this.queued = false;
			this.store.releaseQuietly(this.name, this.ownerToken, " to leave its queue");
		}
	}

	private void leaveQueue() {
		this.lock.lock();
		try {
			leaveQueueLater();
		}
		finally {
			this.lock.unlock();
		}
	}

}
