// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.engine;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicLongFieldUpdater;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;

import org.jspecify.annotations.Nullable;

import io.github.redislock.core.LockInstrumentation;

/**
 * One fresh acquisition of a lock, from store acquire to final release. Written by the
 * holding thread and read by the renewal thread, hence the volatile fields. Re-entries
 * share the hold of the outermost acquisition.
 * <p>
 * Its fields change only through the transitions below, so that every place that ends,
 * loses or passes on a hold says which.
 * <p>
 * Longer than the other parts of the engine on purpose: it is the one record of a hold's
 * state, which the holding thread, the renewal thread and the operators' view read
 * without a lock; split, its fields would be read together from several objects that
 * could each be seen half-way through a transition.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
final class LockHold {

	private static final AtomicLongFieldUpdater<LockHold> FENCING_TOKEN = AtomicLongFieldUpdater
		.newUpdater(LockHold.class, "fencingToken");

	private final String name;

	private final String ownerToken;

	/**
	 * The part of a granted lease the store says to count on, which times the lease here.
	 */
	private final UnaryOperator<Duration> validity;

	/**
	 * The fencing token, {@code 0} until the store issued one when a holder first asked.
	 */
	private volatile long fencingToken;

	/**
	 * The holding thread; changes only when a local hand-off passes the hold on;
	 * {@code null} for a hold of an asynchronous holder, which no thread owns.
	 */
	private volatile @Nullable Thread owner;

	/**
	 * Told why the lease was lost when it is found lost while held; {@code null} but for
	 * the hold of an asynchronous holder, which has no release of its own running to be
	 * told at.
	 */
	private volatile @Nullable Consumer<String> lossListener;

	/** Local hand-offs since the store acquisition; touched only under the local lock. */
	private int handoffs;

	/**
	 * Whether the store renewed the lease just before the hold was handed to the next
	 * local thread, as for an acquisition of its own, with no fencing token issued yet;
	 * cleared when that thread takes it over.
	 */
	private volatile boolean reacquired;

	private volatile Duration leaseTime;

	/** {@link System#nanoTime()} at which the lease is known to end. */
	private volatile long expiresAt;

	private volatile boolean lost;

	/**
	 * Why the client gave the hold up while it was still held (it shut down, or an
	 * operator released the lock), for the exception its holder gets at release; set just
	 * before {@link #lost}, {@code null} while not given up.
	 */
	private volatile @Nullable String givenUpReason;

	/**
	 * When the holding thread took the hold, by the wall clock, for operators: the lease
	 * itself is timed by {@link System#nanoTime()}.
	 */
	private volatile Instant acquiredAt;

	/**
	 * What took the lock, as recorded with it in the store, or {@code null} when unknown:
	 * a thread a hold is handed off to locally takes it without saying.
	 */
	private volatile @Nullable String method;

	private volatile boolean released;

	/** Whether the lease is renewed while held. */
	private volatile boolean renewing;

	/** {@link System#nanoTime()} after which the lease is due for renewal. */
	private volatile long renewAfter;

	/**
	 * What the current holder's hold reports to; replaced when a local hand-off passes
	 * the hold on, since each holder's hold is reported on its own.
	 */
	private volatile LockInstrumentation.Hold observed = LockInstrumentation.Hold.NONE;

	/**
	 * Create the hold of the current thread.
	 * @param name the lock name
	 * @param ownerToken the holder's owner token
	 * @param leaseTime the lease granted
	 * @param requestedAt {@link System#nanoTime()} when the lease was asked for
	 * @param validity the part of a granted lease to count on, the store's
	 * {@link io.github.redislock.store.LockStore#leaseValidity}
	 */
	LockHold(String name, String ownerToken, Duration leaseTime, long requestedAt, UnaryOperator<Duration> validity) {
		this.name = name;
		this.ownerToken = ownerToken;
		this.validity = validity;
		this.owner = Thread.currentThread();
		this.acquiredAt = Instant.now();
		this.leaseTime = leaseTime;
		leaseConfirmed(requestedAt, leaseTime);
	}

	/**
	 * Create a hold granted after a wait, for the thread that waited or for an
	 * asynchronous holder, which no thread owns.
	 * @param name the lock name
	 * @param ownerToken the holder's own owner token
	 * @param leaseTime the lease granted
	 * @param requestedAt {@link System#nanoTime()} when the lease was asked for
	 * @param validity the part of a granted lease to count on
	 * @param owner the thread that holds it, or {@code null}
	 * @return the hold
	 */
	static LockHold granted(String name, String ownerToken, Duration leaseTime, long requestedAt,
			UnaryOperator<Duration> validity, @Nullable Thread owner) {
		LockHold hold = new LockHold(name, ownerToken, leaseTime, requestedAt, validity);
		hold.owner = owner;
		return hold;
	}

	/**
	 * Create the hold that the next local thread takes over after the store gave the lock
	 * a fresh lease for it.
	 * @param previous the hold of the releasing thread
	 * @param ownerToken the owner token the store recorded for the new hold
	 * @param requestedAt {@link System#nanoTime()} when the fresh lease was asked for
	 * @return the new hold
	 */
	static LockHold reacquired(LockHold previous, String ownerToken, long requestedAt) {
		LockHold next = new LockHold(previous.name, ownerToken, previous.leaseTime, requestedAt, previous.validity);
		next.reacquired = true;
		return next;
	}

	String name() {
		return this.name;
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
		return this.lost;
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

	/**
	 * Record what took the lock, for operators.
	 * @param method what took it, or {@code null}
	 */
	void takenBy(@Nullable String method) {
		this.method = method;
	}

	boolean isReleased() {
		return this.released;
	}

	/**
	 * Whether the hold is no longer this process's to renew, release or report lost.
	 * @return whether it was released or lost
	 */
	boolean isReleasedOrLost() {
		return this.released || this.lost;
	}

	boolean isValid() {
		return !this.lost && !this.released && System.nanoTime() - this.expiresAt < 0;
	}

	long remainingNanos() {
		return isValid() ? this.expiresAt - System.nanoTime() : 0;
	}

	/**
	 * Whether the lease ran out by the given time.
	 * @param now a {@link System#nanoTime()}
	 * @return whether the lease is known to have ended
	 */
	boolean leaseRanOut(long now) {
		return now - this.expiresAt >= 0;
	}

	/**
	 * Whether the lease is due for renewal by the given time.
	 * @param time a {@link System#nanoTime()}
	 * @return whether it is due
	 */
	boolean renewalDue(long time) {
		return time - this.renewAfter >= 0;
	}

	/**
	 * Whether the lease falls due for renewal at most so long after the given time.
	 * @param now a {@link System#nanoTime()}
	 * @param nanos how long after it
	 * @return whether it is due by then
	 */
	boolean renewalDueWithin(long now, long nanos) {
		return this.renewAfter - now <= nanos;
	}

	/**
	 * Record a lease that the store confirmed, counted from when it was requested and cut
	 * to the part the store says to count on, so the local view never outlasts the
	 * store's.
	 * @param requestedAt {@link System#nanoTime()} when the lease was asked for
	 * @param leaseTime the lease the store granted
	 */
	void leaseConfirmed(long requestedAt, Duration leaseTime) {
		long valid = this.validity.apply(leaseTime).toNanos();
		this.expiresAt = requestedAt + valid;
		this.renewAfter = requestedAt + valid / 3;
	}

	/**
	 * Ask for a longer lease from now on: renewals and extensions ask the store for it.
	 * The lease known to be granted changes only with {@link #leaseConfirmed}.
	 * @param leaseTime the lease, never shorter than the current one
	 */
	void lengthenLeaseTo(Duration leaseTime) {
		this.leaseTime = leaseTime;
	}

	/**
	 * Bring the next renewal forward after one failed, while the lease lasts.
	 * @param requestedAt {@link System#nanoTime()} when the failed renewal was asked for
	 */
	void renewalFailed(long requestedAt) {
		this.renewAfter = requestedAt + this.leaseTime.toNanos() / 6;
	}

	void renewalStarted() {
		this.renewing = true;
	}

	void renewalStopped() {
		this.renewing = false;
	}

	/**
	 * Make the current thread the holder of a hold handed off to it.
	 * @param leaseTime the lease the new holder asked for
	 * @return whether the lease left is shorter than that
	 */
	boolean takeOver(Duration leaseTime) {
		this.owner = Thread.currentThread();
		this.acquiredAt = Instant.now();
		this.method = null;
		// A reacquired lease is as fresh as this thread's own acquisition would have
		// been; once taken over, it ages like any other.
		boolean leaseShort = this.reacquired ? this.leaseTime.compareTo(leaseTime) < 0
				: remainingNanos() < this.validity.apply(leaseTime).toNanos();
		this.reacquired = false;
		return leaseShort;
	}

	/**
	 * Count one more local hand-off of this hold as it is, if fewer than the most allowed
	 * were made since the store acquisition. Called under the local lock.
	 * @param maxLocalHandoffs the most hand-offs in a row
	 * @return whether the hand-off was counted, and so may be made
	 */
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

	/**
	 * Record the fencing token the store issued, unless another caller recorded one
	 * first: every caller of one hold then uses the same token.
	 * @param fencingToken the token issued
	 * @return the hold's token, this one or the one recorded first
	 */
	long fencingTokenIssued(long fencingToken) {
		return FENCING_TOKEN.compareAndSet(this, 0, fencingToken) ? fencingToken : this.fencingToken;
	}

	void markReleased() {
		this.released = true;
	}

	void markLost() {
		this.lost = true;
	}

	/**
	 * Tell the given listener why the lease is lost, when it is found lost while held.
	 * @param listener told the reason, on the thread that found the loss
	 */
	void onLoss(Consumer<String> listener) {
		this.lossListener = listener;
	}

	/**
	 * Tell the loss listener, if any, that the lease was found lost.
	 * @param reason why it was lost
	 */
	void lossFound(String reason) {
		Consumer<String> listener = this.lossListener;
		if (listener != null) {
			listener.accept(reason);
		}
	}

	void markGivenUp(String reason) {
		this.givenUpReason = reason;
	}

}
