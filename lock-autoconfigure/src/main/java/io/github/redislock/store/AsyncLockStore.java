// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.store;

import java.time.Duration;
import java.util.concurrent.CompletionStage;

import org.jspecify.annotations.Nullable;

/**
 * The calls of a {@link LockStore} that an asynchronous holder makes, answered without
 * blocking the calling thread: a waiter that must not park a thread (a WebFlux event
 * loop, say) waits for its lock on these. Each call means what the blocking call of the
 * same name means; the returned stage completes on a thread of the store's client, which
 * must not be blocked.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 * @see LockStore#async()
 */
public interface AsyncLockStore {

	/**
	 * Asynchronous
	 * {@link LockStore#tryAcquire(String, String, Duration, LockStore.Queueing, LockHolder)}.
	 * @param name the lock name
	 * @param ownerToken the owner's token
	 * @param leaseTime the lease, positive
	 * @param queueing how to queue the caller, or {@code null} not to
	 * @param holder who takes the lock
	 * @return the outcome
	 */
	CompletionStage<LockStore.AcquireResult> tryAcquire(String name, String ownerToken, Duration leaseTime,
			LockStore.@Nullable Queueing queueing, LockHolder holder);

	/**
	 * Asynchronous {@link LockStore#renew}.
	 * @param name the lock name
	 * @param ownerToken the owner's token
	 * @param leaseTime the new lease, from now
	 * @return whether the lock was still this owner's
	 */
	CompletionStage<Boolean> renew(String name, String ownerToken, Duration leaseTime);

	/**
	 * Asynchronous {@link LockStore#release}.
	 * @param name the lock name
	 * @param ownerToken the owner's token
	 * @return whether the lock was still this owner's
	 */
	CompletionStage<Boolean> release(String name, String ownerToken);

	/**
	 * Asynchronous {@link LockStore#issueFencingToken}.
	 * @param name the lock name
	 * @param ownerToken the owner's token
	 * @param leaseTime the owner's lease
	 * @return the fencing token, or {@code 0} if the lock is no longer this owner's
	 */
	CompletionStage<Long> issueFencingToken(String name, String ownerToken, Duration leaseTime);

	/**
	 * Asynchronous {@link LockStore#forceRelease}.
	 * @param name the lock name
	 * @return whether a lock was held and is now released
	 */
	CompletionStage<Boolean> forceRelease(String name);

}
