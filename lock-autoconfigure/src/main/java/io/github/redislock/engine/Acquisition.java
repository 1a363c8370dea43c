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
 * The acquisition protocol shared by blocking and asynchronous callers (attempts, store
 * queue, release notifications, backoff, hand-off, deadline, give-back), run as a chain
 * of callbacks so no thread waits in it. Its rules are in {@link WaitPolicy}.
 *
 * @author redis-lock contributors
 */
final class Acquisition implements LockStore.ReleaseListener {

	/**
	 * Grants too late to use in a row that end the wait: the lease is under a round trip.
	 */
	private static final int MAX_GRANTS_TOO_LATE = 3;

	private final StoreCalls store;

	private final OwnerTokens owners;

	private final LockBackoff backoff;

	private final ScheduledExecutorService timer;

	private final EngineRuntime runtime;

	private final BooleanSupplier stopping;

	private final String name;

	/** Replaced when a grant came too late to use, as the release remembers the token. */
	private String ownerToken;

	private final Duration leaseTime;

	private final Duration handOffLease;

	private final long deadline;

	private final LockHolder holder;

	/** {@code null} for an asynchronous holder. */
	private final @Nullable Thread owner;

	/** The hold, {@code null} if the wait passed, or the failure. */
	private final CompletableFuture<@Nullable Lease> result = new CompletableFuture<>();

	/** Guards the state; never held across a store call. */
	private final ReentrantLock lock = new ReentrantLock();

	private int attempts;

	/** An attempt awaits the store's answer; never more than one does. */
	private boolean inFlight;

	/** A release was announced while an attempt was in flight: try again at once. */
	private boolean wokenUp;

	/** Granted, given up, failed or abandoned. */
	private boolean done;

	private boolean granted;

	/** Grants in a row whose answer came with under 1 ms of their lease left. */
	private int grantedTooLate;

	/** An attempt may have queued this holder: leaving must release in the store. */
	private boolean queued;

	private long expectedTicket;

	/** When the latest attempt was sent, which times a granted lease. */
	private long requestedAt;

	private LockStore.@Nullable HandOff handOff;

	private @Nullable ScheduledFuture<?> nextAttempt;

	/** Only the latest scheduled attempt runs: cancelling does not stop one begun. */
	private long scheduled;

	private @Nullable AutoCloseable subscription;

	Acquisition(StoreCalls store, OwnerTokens owners, LockBackoff backoff, ScheduledExecutorService timer,
			EngineRuntime runtime, BooleanSupplier stopping, String name, String ownerToken, Duration leaseTime,
			boolean renew, long deadline, LockHolder holder, @Nullable Thread owner) {
		this.store = store;
		this.owners = owners;
		this.backoff = backoff;
		this.timer = timer;
		this.runtime = runtime;
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

	CompletableFuture<@Nullable Lease> start() {
		attempt(0);
		return this.result;
	}

	/**
	 * Waits on after the caller's own first attempt found the lock busy, or was granted
	 * too late to use; with no {@code busy} answer, makes the first attempt too. Returns
	 * {@code null} if the deadline passed; a store failure is thrown as a
	 * {@link LockStoreException}.
	 */
	@Nullable Lease await(LockStore.@Nullable AcquireResult busy, long firstRequestedAt, boolean grantedTooLate)
			throws InterruptedException {
		if (busy == null) {
			attempt(0);
		}
		else {
			this.lock.lock();
			try {
				this.grantedTooLate = grantedTooLate ? 1 : 0;
				this.attempts = 1;
				this.requestedAt = firstRequestedAt;
				this.inFlight = true;
			}
			finally {
				this.lock.unlock();
			}
			answered(busy, null);
		}
		try {
			return this.runtime.await(this.result);
		}
		catch (InterruptedException ex) {
			abandon();
			// The queue is left, or a grant given back, before the thread is told.
			Lease granted = this.runtime.awaitUninterruptibly(this.result.exceptionally((failure) -> null));
			if (granted != null) {
				this.runtime.awaitUninterruptibly(
						this.store
							.releaseQuietlyAsync(this.name, granted.ownerToken(),
									" for a thread interrupted while it waited", true)
							.toCompletableFuture());
			}
			throw ex;
		}
		catch (ExecutionException ex) {
			Throwable failure = ex.getCause();
			if (failure instanceof RuntimeException runtime) {
				throw runtime;
			}
			throw StoreCalls.storeFailure(this.name, (failure != null) ? failure : ex);
		}
	}

	/** The holder no longer wants the lock: leave the store's queue. */
	void abandon() {
		CompletionStage<Void> left;
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
			left = leaveQueueLater();
		}
		finally {
			this.lock.unlock();
		}
		left.thenRun(() -> this.result.complete(null));
	}

	/** The timer the attempts run on shuts: a wait ends now, or when its answer comes. */
	void clientClosed() {
		this.lock.lock();
		try {
			if (this.done || this.inFlight) {
				return;
			}
			fail(new LockClientClosedException(this.name));
		}
		finally {
			this.lock.unlock();
		}
	}

	/** Tries again now, as a release does, so a stopping client's waiter gives up. */
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
					// Handed to another waiter: asking would be in vain.
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
				Lease handedOver = handedOver();
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
		String token;
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
			Lease handedOver = handedOver();
			if (handedOver != null) {
				grant(handedOver);
				return;
			}
			this.attempts++;
			long ticket = this.owners.nextTicket();
			this.expectedTicket = ticket;
			// The first attempt is not queued: an uncontended lock needs no place.
			queueing = (this.attempts == 1) ? null
					: WaitPolicy.queueing(this.store.queuesWaiters(),
							Deadline.remaining(this.deadline, this.runtime.nanoTime()), this.backoff, this.handOffLease,
							ticket, this.queued);
			this.queued |= queueing != null;
			this.requestedAt = this.runtime.nanoTime();
			this.inFlight = true;
			this.wokenUp = false;
			this.nextAttempt = null;
			token = this.ownerToken;
		}
		finally {
			this.lock.unlock();
		}
		this.store.tryAcquireAsync(this.name, token, this.leaseTime, queueing, this.holder, this.owner != null)
			.whenComplete(this::answered);
	}

	private void answered(LockStore.@Nullable AcquireResult answer, @Nullable Throwable failure) {
		this.lock.lock();
		try {
			this.inFlight = false;
			if (this.done) {
				// Give back what the attempt obtained, unless the wait ended in a grant,
				// whose owner token it shares. After a failed attempt, as below, the
				// holder waits for no second timeout.
				if (this.granted) {
					return;
				}
				if (failure != null || answer == null) {
					this.store.takeBack(this.name, this.ownerToken);
					this.result.complete(null);
					return;
				}
				giveBack(" for a holder that gave up waiting").thenRun(() -> this.result.complete(null));
				return;
			}
			if (failure != null || answer == null) {
				// The attempt may still run late in the store; taking it back also
				// leaves the queue.
				end();
				this.store.takeBack(this.name, this.ownerToken);
				this.result.completeExceptionally(StoreCalls.storeFailure(this.name,
						(failure != null) ? failure : new IllegalStateException("No answer")));
				return;
			}
			if (answer.acquired()) {
				Lease hold = Lease.granted(this.name, answer.heldAs(this.ownerToken), this.leaseTime, this.requestedAt,
						this.store::leaseValidity, this.runtime, this.owner);
				if (hold.leavesEnoughToCountOn()) {
					grant(hold);
					return;
				}
				// The answer came after (nearly) the whole lease: no one may count on it.
				giveBack(" granted with under 1 ms of its lease left");
				this.ownerToken = this.owners.newHold();
				this.queued = false;
				if (++this.grantedTooLate == 1) {
					StoreCalls.grantedTooLate(this.name, this.leaseTime);
				}
				else if (this.grantedTooLate >= MAX_GRANTS_TOO_LATE) {
					fail(new IllegalArgumentException("Lease time of lock '" + this.name + "' ("
							+ this.leaseTime.toMillis() + " ms) is gone before the store's answer comes: "
							+ this.grantedTooLate + " grants in a row came with under 1 ms of it left; give it a lease "
							+ "longer than a round trip to Redis (@RedisLock's expire, redis-lock.expire or the "
							+ "LockDefinition's lease time)"));
					return;
				}
			}
			else if (!this.store.queuesWaiters()) {
				// A Redlock gives back a refused attempt's partial grant without waiting,
				// maybe late: the next attempt asks under a token no give-back names.
				this.ownerToken = this.owners.newHold();
			}
			if (this.stopping.getAsBoolean()) {
				// No attempt follows: a closing client shuts the timer it would run on.
				fail(new LockClientClosedException(this.name));
				return;
			}
			long remaining = Deadline.remaining(this.deadline, this.runtime.nanoTime());
			if (remaining <= 0) {
				// Answered now: leaving the queue first would stretch the wait past its
				// last attempt by another round trip.
				end();
				leaveQueueLater();
				this.result.complete(null);
				return;
			}
			if (this.subscription == null) {
				// Also told once subscribed, so a release before then is not missed.
				this.subscription = this.store.subscribe(this.name, this.ownerToken, this);
			}
			// A grant given back leaves no holder to wait for: the backoff alone paces.
			long holderLeaseMillis = answer.acquired() ? Long.MAX_VALUE : answer.remainingLeaseMillis();
			long pause = (this.wokenUp && !answer.acquired()) ? 0
					: WaitPolicy.pauseNanos(this.backoff, this.attempts, remaining, holderLeaseMillis);
			schedule(pause);
		}
		finally {
			this.lock.unlock();
		}
	}

	/**
	 * {@code null} if under half of the handed-over lease is known to be left: the next
	 * attempt then finds the lock recorded for this holder and renews it.
	 */
	private @Nullable Lease handedOver() {
		LockStore.HandOff handOff = this.handOff;
		if (handOff == null) {
			return null;
		}
		this.handOff = null;
		Lease hold = Lease.granted(this.name, handOff.grantedToken(), this.handOffLease, this.requestedAt,
				this.store::leaseValidity, this.runtime, this.owner);
		if (hold.remainingNanos() <= this.handOffLease.toNanos() / 2 || !hold.leavesEnoughToCountOn()) {
			return null;
		}
		hold.lengthenLeaseTo(this.leaseTime);
		return hold;
	}

	/** Called holding the state lock. */
	private void grant(Lease hold) {
		this.granted = true;
		end();
		this.result.complete(hold);
	}

	/** Called holding the state lock. */
	private void fail(Throwable failure) {
		end();
		leaveQueueLater().thenRun(() -> this.result.completeExceptionally(failure));
	}

	/** No more attempts or notifications. Called holding the state lock. */
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

	/** Called holding the state lock. */
	private CompletionStage<Void> leaveQueueLater() {
		if (this.queued) {
			this.queued = false;
			return giveBack(" to leave its queue");
		}
		return CompletableFuture.completedFuture(null);
	}

	private CompletionStage<Void> giveBack(String occasion) {
		return this.store.releaseQuietlyAsync(this.name, this.ownerToken, occasion, this.owner != null);
	}

}
