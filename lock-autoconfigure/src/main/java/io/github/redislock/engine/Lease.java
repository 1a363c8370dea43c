// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.engine;

import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;
import java.util.concurrent.atomic.AtomicLongFieldUpdater;
import java.util.concurrent.atomic.AtomicReferenceFieldUpdater;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;

import org.jspecify.annotations.Nullable;

import io.github.redislock.core.LockDefinition;
import io.github.redislock.core.LockInstrumentation;
import io.github.redislock.core.LockLostException;

/**
 * One fresh acquisition of a lock, shared by its re-entries until the final release. The
 * holder, the renewal thread and operators read it without a lock: hence volatile fields,
 * changed only through the transitions below.
 *
 * @author redis-lock contributors
 */
final class Lease {

	/** Creation order, for renewals, listings and give-ups the same on every run. */
	static final Comparator<Lease> IN_CREATION_ORDER = Comparator.comparingLong((Lease hold) -> hold.sequence);

	/** The least lease a grant must have left when its answer arrives. */
	static final long MIN_GRANTED_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

	private static final AtomicLong SEQUENCE = new AtomicLong();

	private static final AtomicLongFieldUpdater<Lease> FENCING_TOKEN = AtomicLongFieldUpdater.newUpdater(Lease.class,
			"fencingToken");

	private static final AtomicIntegerFieldUpdater<Lease> ENDED = AtomicIntegerFieldUpdater.newUpdater(Lease.class,
			"ended");

	private static final int RELEASED = 1;

	private static final int LOST = 2;

	@SuppressWarnings("rawtypes")
	private static final AtomicReferenceFieldUpdater<Lease, CompletableFuture> OWNER_LOSS = AtomicReferenceFieldUpdater
		.newUpdater(Lease.class, CompletableFuture.class, "ownerLoss");

	private final long sequence = SEQUENCE.incrementAndGet();

	private final String name;

	private final String ownerToken;

	/** The part of a granted lease the store says to count on. */
	private final UnaryOperator<Duration> validity;

	private final EngineRuntime runtime;

	/** {@code 0} until a holder first asks and the store issues one. */
	private volatile long fencingToken;

	/** A fenced resource refused the token: no other thread may be handed it. */
	private volatile boolean fencingTokenRefused;

	/** Changes only on a local hand-off; {@code null} for an asynchronous holder. */
	private volatile @Nullable Thread owner;

	/** Told of a loss found while held: an asynchronous holder, or {@link #ownerLoss}. */
	private volatile @Nullable Consumer<String> lossListener;

	/** The loss told to the holding thread, made when it first asks. */
	private volatile @Nullable CompletableFuture<LockLostException> ownerLoss;

	/** Why the lease was found lost; set before the listener is told. */
	private volatile @Nullable String lossReason;

	/** Local hand-offs since the store acquisition; under the local lock only. */
	private int handoffs;

	/** Given afresh for the next local thread; cleared when it takes the lease over. */
	private volatile boolean reacquired;

	private volatile Duration leaseTime;

	/** {@link EngineRuntime#nanoTime()} at which the lease is known to end. */
	private volatile long expiresAt;

	/** RELEASED and LOST bits: one field, so that they exclude each other. */
	private volatile int ended;

	/**
	 * Why the client gave the hold up (shutdown, or an operator); set before the loss.
	 */
	private volatile @Nullable String givenUpReason;

	/** Wall clock, for operators. */
	private volatile Instant acquiredAt;

	/** {@code null} when unknown: a thread taking over a local hand-off does not say. */
	private volatile @Nullable String method;

	private volatile boolean renewing;

	/** {@link EngineRuntime#nanoTime()} after which the lease is due for renewal. */
	private volatile long renewAfter;

	/** {@link EngineRuntime#nanoTime()} until which a release leaves the lock stored. */
	private volatile long keepUntil;

	private volatile boolean keeping;

	/** Replaced on a local hand-off: each holder's hold is reported on its own. */
	private volatile LockInstrumentation.Hold observed = LockInstrumentation.Hold.NONE;

	/** For the current thread; {@code validity} is the store's lease validity. */
	Lease(String name, String ownerToken, Duration leaseTime, long requestedAt, UnaryOperator<Duration> validity,
			EngineRuntime runtime) {
		this.name = name;
		this.ownerToken = ownerToken;
		this.validity = validity;
		this.runtime = runtime;
		this.owner = Thread.currentThread();
		this.acquiredAt = runtime.now();
		this.leaseTime = leaseTime;
		confirm(requestedAt, leaseTime);
	}

	/** After a wait; {@code owner} is {@code null} for an asynchronous holder. */
	static Lease granted(String name, String ownerToken, Duration leaseTime, long requestedAt,
			UnaryOperator<Duration> validity, EngineRuntime runtime, @Nullable Thread owner) {
		Lease hold = new Lease(name, ownerToken, leaseTime, requestedAt, validity, runtime);
		hold.owner = owner;
		return hold;
	}

	/** For the next local thread, after the store gave the lock a fresh lease for it. */
	static Lease reacquired(Lease previous, String ownerToken, long requestedAt) {
		Lease next = new Lease(previous.name, ownerToken, previous.leaseTime, requestedAt, previous.validity,
				previous.runtime);
		next.reacquired = true;
		return next;
	}

	String name() {
		return this.name;
	}

	/** A re-entry may ask for longer, never for less. */
	void keepAtLeast(Duration holdAtLeast) {
		if (holdAtLeast.isZero()) {
			return;
		}
		long until = Deadline.after(this.runtime.nanoTime(), holdAtLeast.toNanos());
		if (!this.keeping || until - this.keepUntil > 0) {
			this.keepUntil = until;
			this.keeping = true;
		}
	}

	/** In whole milliseconds, or {@link Duration#ZERO} to release the lock. */
	Duration keptAfterRelease() {
		if (!this.keeping) {
			return Duration.ZERO;
		}
		long left = Deadline.remaining(this.keepUntil, this.runtime.nanoTime());
		if (left <= 0) {
			return Duration.ZERO;
		}
		long millis = TimeUnit.NANOSECONDS.toMillis(left) + ((left % 1_000_000 != 0) ? 1 : 0);
		return Duration.ofMillis(Math.min(millis, LockDefinition.MAX_LEASE_TIME.toMillis()));
	}

	String ownerToken() {
		return this.ownerToken;
	}

	@Nullable Thread owner() {
		return this.owner;
	}

	Duration leaseTime() {
		return this.leaseTime;
	}

	long fencingToken() {
		return this.fencingToken;
	}

	boolean isRenewing() {
		return this.renewing;
	}

	boolean isLost() {
		return (this.ended & LOST) != 0;
	}

	/** Found lost by another thread before its holder let it go. */
	boolean isLostAndLetGo() {
		return this.ended == (RELEASED | LOST);
	}

	boolean isGivenUp() {
		return this.givenUpReason != null;
	}

	@Nullable String givenUpReason() {
		return this.givenUpReason;
	}

	Instant acquiredAt() {
		return this.acquiredAt;
	}

	@Nullable String method() {
		return this.method;
	}

	void takenBy(@Nullable String method) {
		this.method = method;
	}

	/** No longer this process's to renew, release or report lost. */
	boolean isReleasedOrLost() {
		return this.ended != 0;
	}

	boolean isValid() {
		return this.ended == 0 && this.runtime.nanoTime() - this.expiresAt < 0;
	}

	long remainingNanos() {
		return isValid() ? this.expiresAt - this.runtime.nanoTime() : 0;
	}

	/** A grant that does not is given back, not handed to its caller. */
	boolean leavesEnoughToCountOn() {
		return remainingNanos() >= MIN_GRANTED_NANOS;
	}

	boolean leaseRanOut(long now) {
		return now - this.expiresAt >= 0;
	}

	boolean renewalDue(long time) {
		return time - this.renewAfter >= 0;
	}

	boolean renewalDueWithin(long now, long nanos) {
		return this.renewAfter - now <= nanos;
	}

	/** Cut to what the store says to count on, so it never outlasts the store's. */
	void leaseConfirmed(long requestedAt, Duration leaseTime) {
		// A late answer to an earlier request confirms less; none counts after a loss.
		if (!isLost() && requestedAt + this.validity.apply(leaseTime).toNanos() - this.expiresAt > 0) {
			confirm(requestedAt, leaseTime);
		}
	}

	private void confirm(long requestedAt, Duration leaseTime) {
		long valid = this.validity.apply(leaseTime).toNanos();
		this.expiresAt = requestedAt + valid;
		this.renewAfter = requestedAt + valid / 3;
	}

	/** For later renewals; the lease known granted changes only when confirmed. */
	void lengthenLeaseTo(Duration leaseTime) {
		this.leaseTime = leaseTime;
	}

	/** Brings the next renewal forward, while the lease lasts. */
	void renewalFailed(long requestedAt) {
		this.renewAfter = requestedAt + this.leaseTime.toNanos() / 6;
	}

	void renewalStarted() {
		this.renewing = true;
	}

	void renewalStopped() {
		this.renewing = false;
	}

	/** A loss found from now on is not the previous holder's, which returned. */
	void passedOn() {
		this.lossListener = null;
		this.ownerLoss = null;
	}

	/** Returns whether the lease left is shorter than {@code leaseTime}. */
	boolean takeOver(Duration leaseTime) {
		this.owner = Thread.currentThread();
		this.acquiredAt = this.runtime.now();
		this.method = null;
		passedOn();
		// A reacquired lease is as fresh as this thread's own acquisition would be.
		boolean leaseShort = this.reacquired ? this.leaseTime.compareTo(leaseTime) < 0
				: remainingNanos() < this.validity.apply(leaseTime).toNanos();
		this.reacquired = false;
		return leaseShort;
	}

	/** Counts one more hand-off as is, unless the most allowed were made. */
	boolean countLocalHandoff(int maxLocalHandoffs) {
		if (this.handoffs >= maxLocalHandoffs) {
			return false;
		}
		this.handoffs++;
		return true;
	}

	LockInstrumentation.Hold observed() {
		return this.observed;
	}

	void observeAs(LockInstrumentation.Hold observed) {
		this.observed = observed;
	}

	/** A fenced resource holds {@code newerToken}, and refuses smaller ones. */
	void fencingTokenRefusedBelow(long newerToken) {
		long token = this.fencingToken;
		if (token != 0 && token < newerToken) {
			this.fencingTokenRefused = true;
		}
	}

	boolean isFencingTokenRefused() {
		return this.fencingTokenRefused;
	}

	/** The first token recorded wins, so every caller of one hold uses the same one. */
	long fencingTokenIssued(long fencingToken) {
		return FENCING_TOKEN.compareAndSet(this, 0, fencingToken) ? fencingToken : this.fencingToken;
	}

	void markReleased() {
		ENDED.getAndUpdate(this, (ended) -> ended | RELEASED);
	}

	void markLost() {
		ENDED.getAndUpdate(this, (ended) -> ended | LOST);
	}

	/** For a loss found by another thread: not once the holder began to release. */
	boolean markLostIfHeld() {
		return ENDED.compareAndSet(this, 0, LOST);
	}

	/** Told the reason on the thread that found the loss. */
	void onLoss(Consumer<String> listener) {
		this.lossListener = listener;
	}

	void lossFound(String reason) {
		this.lossReason = reason;
		Consumer<String> listener = this.lossListener;
		if (listener != null) {
			listener.accept(reason);
		}
	}

	/**
	 * For the holding thread and its re-entries: completes on {@code completions}, never
	 * on the thread that found the loss, which may be the renewal thread.
	 */
	CompletableFuture<LockLostException> ownerLoss(Executor completions) {
		@SuppressWarnings("unchecked")
		CompletableFuture<LockLostException> loss = this.ownerLoss;
		if (loss != null) {
			return loss;
		}
		CompletableFuture<LockLostException> created = new CompletableFuture<>();
		if (!OWNER_LOSS.compareAndSet(this, null, created)) {
			@SuppressWarnings("unchecked")
			CompletableFuture<LockLostException> other = this.ownerLoss;
			return (other != null) ? other : created;
		}
		Consumer<String> tell = (reason) -> completions.execute(() -> created.complete(lostWhileHeld(reason)));
		onLoss(tell);
		// A loss found before the listener was set: one of the two tells it, or both.
		String reason = this.lossReason;
		if (reason != null) {
			tell.accept(reason);
		}
		return created;
	}

	LockLostException lostWhileHeld(String reason) {
		return new LockLostException(this.name, "Lock '" + this.name + "' was lost while held: " + reason
				+ "; work done under it may overlap with another holder's");
	}

	LockLostException lostBefore(String what) {
		return new LockLostException(this.name, "Lock '" + this.name + "' was lost before " + what);
	}

	void markGivenUp(String reason) {
		this.givenUpReason = reason;
	}

}
