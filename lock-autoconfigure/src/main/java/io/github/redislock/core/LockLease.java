// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.core;

import java.time.Duration;
import java.util.concurrent.CompletionStage;

/**
 * A lock held by no thread: taken by {@link LockClient#tryAcquireAsync} for work that
 * hops between threads (a future's stages, a reactive pipeline), and released, renewed or
 * fenced from whichever thread that work is on.
 * <p>
 * Each lease is a holder of its own, known to the store by an owner token of its own: it
 * is not re-entrant, and a second lease of the same name, in this process or another,
 * waits until this one is released. A lease is renewed while held when it was asked for,
 * like a thread's lock, and released by its {@link #release()}; one nobody releases frees
 * itself when its renewal stops at client shutdown, or when its lease runs out if it was
 * not renewed.
 * <p>
 * The stages returned complete on a thread of the lock client or of the Redis client:
 * continue with the {@code ...Async} methods and an executor of your own for work that
 * blocks.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
public interface LockLease {

	/**
	 * Return the lock name.
	 * @return the lock name
	 */
	String getName();

	/**
	 * Return whether the lease is still held and known to be valid.
	 * @return whether the lock is held
	 */
	boolean isHeld();

	/**
	 * Return how long the lease is known to last, from the last acquisition or renewal.
	 * @return the remaining lease, {@link Duration#ZERO} once released or lost
	 */
	Duration getRemainingLease();

	/**
	 * Return the fencing token of this lease, asking the store for one the first time: a
	 * number that grows with every fresh acquisition of the lock name, so that a store
	 * written under the lock can reject a stale holder.
	 * @return the token; completes with {@link LockLostException} if the lease was lost
	 * before one was issued, {@link LockStoreException} if the store failed, or
	 * {@link IllegalStateException} once released
	 */
	CompletionStage<Long> fencingToken();

	/**
	 * Make every fencing token issued for this lock name from now on larger than the
	 * given one, which a fenced resource holds; see
	 * {@link DistributedLock#raiseFencingTokensAbove(long)}. Works also once the lease
	 * was released or lost.
	 * @param token the token the resource holds, positive
	 * @return whether tokens were raised; completes with {@link LockStoreException} if
	 * the store failed
	 * @throws IllegalArgumentException if the token is not positive
	 */
	CompletionStage<Boolean> raiseFencingTokensAbove(long token);

	/**
	 * Extend the lease to its full length from now, as renewal does.
	 * @return completes when extended; with {@link LockLostException} if the store no
	 * longer records this holder, {@link LockStoreException} if it failed, or
	 * {@link IllegalStateException} once released
	 */
	CompletionStage<Void> renew();

	/**
	 * Release the lock, once; later calls return the first call's stage.
	 * @return completes when released; with {@link LockLostException} if the lease had
	 * been lost, so that work done under it may have overlapped with another holder's, or
	 * with {@link LockStoreException} if the store failed (the lock then frees itself
	 * when its lease runs out)
	 */
	CompletionStage<Void> release();

	/**
	 * Return a stage that completes when the lease is found lost while held: renewal
	 * found the lock taken or expired, the client shut down, or an operator revoked it.
	 * It never completes for a lease released in time. A lease found lost is over: the
	 * client keeps nothing for it, and calling {@link #release()} is optional.
	 * @return the loss, as the exception {@link #release()} completes with
	 */
	CompletionStage<LockLostException> whenLost();

}
