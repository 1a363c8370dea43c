// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.core;

import java.time.Duration;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;

/**
 * A reentrant lock shared by every process that uses the same store and lock name.
 * <p>
 * Each acquisition holds the lock for a lease: if the holder dies, or its thread ends
 * without unlocking, the lock frees itself when the lease runs out. A holder that needs
 * longer asks for renewal, which extends the lease while the lock is held. Re-entries are
 * counted locally and cost no round trip; once the lease is lost, a re-entry, by
 * {@link #lock()} too, throws {@link LockLostException} and leaves the thread's holds as
 * they were, to be unlocked.
 * <p>
 * The {@link Lock} methods use the lease and renewal of the {@link LockClient} that
 * handed out this lock. {@link #newCondition()} is not supported. An invalid argument,
 * {@code null} included, is refused with an {@link IllegalArgumentException} before
 * anything reaches the store.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
public interface DistributedLock extends Lock {

	/**
	 * Return the name this lock was obtained by.
	 * @return the lock name
	 */
	String getName();

	/**
	 * Acquire the lock if it is free within the given wait time, holding it for the given
	 * lease, renewed while held when the client's default says so.
	 * @param waitTime how long to wait for a busy lock; zero or less tries once, and a
	 * wait too long to count in nanoseconds waits practically forever
	 * @param leaseTime how long the lock survives a holder that stops renewing; at least
	 * 1 ms and at most {@link LockDefinition#MAX_LEASE_TIME}
	 * @param unit the unit of both times
	 * @return whether the lock was acquired
	 * @throws InterruptedException if the thread is interrupted while waiting
	 * @throws IllegalArgumentException if the unit is {@code null} or the lease out of
	 * range, before anything reaches the store
	 * @throws LockStoreException if the store cannot be reached; the lock is not held
	 */
	boolean tryLock(long waitTime, long leaseTime, TimeUnit unit) throws InterruptedException;

	/**
	 * Acquire the lock if it is free within the given wait time.
	 * @param waitTime how long to wait for a busy lock; zero tries once, and a wait
	 * longer than {@link LockDefinition#MAX_LEASE_TIME} waits practically forever
	 * @param leaseTime how long the lock survives a holder that stops renewing; at least
	 * 1 ms and at most {@link LockDefinition#MAX_LEASE_TIME}
	 * @param renew whether to extend the lease while the lock is held
	 * @return whether the lock was acquired
	 * @throws InterruptedException if the thread is interrupted while waiting
	 * @throws IllegalArgumentException if a time is {@code null}, the wait time negative
	 * or the lease out of range, before anything reaches the store
	 * @throws LockStoreException if the store cannot be reached; the lock is not held
	 */
	boolean tryLock(Duration waitTime, Duration leaseTime, boolean renew) throws InterruptedException;

	/**
	 * Acquire the lock as a definition says: its wait time, lease, renewal, what takes
	 * the lock (which the store records with the holder, for operators) and how long to
	 * hold it at least. The lock keeps the name and label it was obtained with.
	 * @param definition how to acquire the lock
	 * @return whether the lock was acquired
	 * @throws InterruptedException if the thread is interrupted while waiting
	 * @throws LockStoreException if the store cannot be reached; the lock is not held
	 * @see LockDefinition#method()
	 * @see LockDefinition#holdAtLeast()
	 */
	boolean tryLock(LockDefinition definition) throws InterruptedException;

	/**
	 * Release one hold of the lock. The final release deletes the lock in the store and
	 * wakes its waiters. It does so also when the thread is interrupted, before or during
	 * the call, and the interrupt flag is left set.
	 * @throws IllegalMonitorStateException if the current thread does not hold the lock
	 * @throws LockLostException if the final release finds that the lease had run out or
	 * the lock was taken away; the lock is no longer held either way
	 * @throws LockStoreException if the store cannot be reached; the lock is no longer
	 * held locally and frees itself when its lease runs out
	 */
	@Override
	void unlock();

	/**
	 * Return whether the current thread holds this lock and its lease is still known to
	 * be valid. Answers {@code false} once the lease ran out or was found lost.
	 * @return whether the current thread holds the lock
	 */
	boolean isHeldByCurrentThread();

	/**
	 * Return how many times the current thread holds this lock.
	 * @return the hold count, {@code 0} if not held by the current thread
	 */
	int getHoldCount();

	/**
	 * Return the fencing token of the current thread's hold: a number that grows with
	 * every fresh acquisition of this lock name, so that a store written under the lock
	 * can reject a stale holder. The first call of a hold takes a round trip to the
	 * store, which issues a token only to a holder it still records; an interrupt does
	 * not stop it, and the flag is left set.
	 * @return the fencing token
	 * @throws IllegalMonitorStateException if the current thread does not hold the lock
	 * @throws LockLostException if the lease was lost before a token was issued
	 * @throws LockStoreException if the store failed while issuing the token
	 */
	long getFencingToken();

	/**
	 * Make every fencing token issued for this lock name from now on larger than the
	 * given one: call it when a fenced resource refused a token because it holds this
	 * larger one. The fenced writes of {@code io.github.redislock.fencing} call it
	 * themselves. A store that lost the last tokens it issued (a Redis restarted empty, a
	 * failover to a replica that had not received them) then issues tokens the resource
	 * accepts again from the next hold on, instead of refusing every holder until its
	 * clock passes the lost tokens. Tokens never go down, so it does not need the lock
	 * held, and a token the resource holds is always safe to raise above; the current
	 * hold keeps its token.
	 * @param token the token the resource holds, positive
	 * @return whether tokens were raised; {@code false} if they already were above it, or
	 * the store cannot raise them
	 * @throws LockStoreException if the store failed
	 * @throws IllegalArgumentException if the token is not positive
	 */
	boolean raiseFencingTokensAbove(long token);

	/**
	 * Return how long the current thread's lease is known to last, measured from the last
	 * successful acquisition or renewal.
	 * @return the remaining lease, {@link Duration#ZERO} if not held
	 */
	Duration getRemainingLease();

	/**
	 * Return a stage that completes when the current thread's hold of this lock is found
	 * lost while held: renewal found the lock taken or expired, its lease ran out before
	 * a renewal was answered, the client shut down, or an operator revoked it. It never
	 * completes for a hold released in time, nor for another thread's hold. Re-entries of
	 * one hold share its loss. The stage completes on a thread of the lock client:
	 * continue with the {@code ...Async} methods and an executor of your own for work
	 * that blocks.
	 * @return the loss, as the exception {@link #unlock()} throws
	 * @throws IllegalMonitorStateException if the current thread does not hold the lock
	 */
	CompletionStage<LockLostException> whenLost();

	/**
	 * Not supported: a distributed lock has no distributed condition.
	 * @throws UnsupportedOperationException always
	 */
	@Override
	default Condition newCondition() {
		throw new UnsupportedOperationException("Conditions are not supported by lock '" + getName() + "'");
	}

}
