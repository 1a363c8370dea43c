// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.core;

import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import java.util.function.Supplier;

import org.springframework.util.Assert;

/**
 * Runs code under a lock described by a {@link LockDefinition}: blocking code on the
 * calling thread, asynchronous work from before it starts until the stage it returns
 * completes. {@link #of(LockClient)} returns one over a lock client; with Spring Boot it
 * is a bean. A {@code null} definition or action is refused with an
 * {@link IllegalArgumentException} before the lock is taken.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
public interface LockOperations {

	/**
	 * Return the lock operations that take their locks from the given client.
	 * @param client the client that takes the locks
	 * @return the lock operations
	 */
	static LockOperations of(LockClient client) {
		return new LockTemplate(client);
	}

	/**
	 * Run the action while holding the lock and return its result.
	 * @param <T> the result type
	 * @param definition the lock to hold
	 * @param action the action
	 * @return the action's result
	 * @throws LockAcquisitionException if the lock was not acquired within the wait time;
	 * the action did not run
	 * @throws LockLostException if the action completed but the lease had been lost
	 */
	<T> T execute(LockDefinition definition, Supplier<T> action);

	/**
	 * Run the action while holding the lock.
	 * @param definition the lock to hold
	 * @param action the action
	 * @throws LockAcquisitionException if the lock was not acquired within the wait time;
	 * the action did not run
	 * @throws LockLostException if the action completed but the lease had been lost
	 */
	void executeWithoutResult(LockDefinition definition, Runnable action);

	/**
	 * Acquire the lock, waiting up to the definition's wait time.
	 * @param definition the lock to acquire
	 * @return the acquired lock to close when done, or empty if it stayed busy
	 * @throws LockAcquisitionException if the thread was interrupted while waiting
	 */
	Optional<AcquiredLock> tryAcquire(LockDefinition definition);

	/**
	 * Start the action once the lock is held, and release the lock when the action's
	 * stage completes, normally or not. The calling thread does not wait.
	 * @param <T> the result type
	 * @param definition the lock to hold
	 * @param action starts the work, given the lease (for its fencing token); called on a
	 * thread of the lock or Redis client, so it must not block
	 * @return the action's result; completes with {@link LockAcquisitionException} if the
	 * lock was not acquired within the wait time (the action did not run), or with
	 * {@link LockLostException} if the action completed but the lease had been lost
	 */
	<T> CompletionStage<T> executeAsync(LockDefinition definition,
			Function<? super LockLease, ? extends CompletionStage<T>> action);

	/**
	 * Acquire the lock for a holder that is not a thread, waiting up to the definition's
	 * wait time without blocking the calling thread.
	 * @param definition the lock to acquire
	 * @return the lease to release when done, or empty if the lock stayed busy
	 */
	CompletionStage<Optional<LockLease>> tryAcquireAsync(LockDefinition definition);

	/**
	 * Prepare an acquisition to start later, perhaps on another thread, as
	 * {@link #tryAcquireAsync} does each time the returned supplier is called; the lock
	 * name is made now, on the calling thread (see {@link LockClient#tryAcquireLater}).
	 * @param definition the lock to acquire
	 * @return starts one acquisition per call
	 */
	default Supplier<CompletionStage<Optional<LockLease>>> tryAcquireLater(LockDefinition definition) {
		Assert.notNull(definition, "LockDefinition must not be null");
		return () -> tryAcquireAsync(definition);
	}

	/**
	 * Return the name the lock of the given name is taken by (see
	 * {@link LockClient#lockName}).
	 * @param name the lock name, not blank
	 * @return the name the lock is taken by
	 */
	default String lockName(String name) {
		LockDefinition.checkName(name);
		return name;
	}

}
