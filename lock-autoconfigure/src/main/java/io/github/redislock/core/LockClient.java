// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.core;

import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;

import org.springframework.util.Assert;

/**
 * Hands out locks: {@link DistributedLock} handles by name, owned by the thread that
 * takes them, and {@link LockLease leases} for holders that are not threads. Handles are
 * cheap: the same name always refers to the same lock, whichever handle is used. Both
 * wait through the same acquisition, so threads and asynchronous holders of one name
 * exclude each other.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
public interface LockClient {

	/**
	 * Return the lock of the given name.
	 * @param name the lock name, not blank
	 * @return the lock
	 * @throws IllegalArgumentException if the name is {@code null} or blank
	 */
	DistributedLock getLock(String name);

	/**
	 * Return the lock of the given name, reported to metrics, traces and logs under a
	 * label that stays the same for every name of one kind of lock. The label only
	 * changes how the lock is reported: handles of one name share the lock whatever their
	 * labels.
	 * @param name the lock name, not blank
	 * @param label the bounded name to report the lock under, not blank
	 * @return the lock
	 * @throws IllegalArgumentException if the name or the label is {@code null} or blank
	 * @see LockDefinition#label()
	 */
	default DistributedLock getLock(String name, String label) {
		LockDefinition.checkLabel(name, label);
		return getLock(name);
	}

	/**
	 * Acquire a lock for a holder that is not a thread, waiting up to the definition's
	 * wait time without blocking the calling thread. Cancelling the returned stage's
	 * future abandons the wait, and releases a lock granted meanwhile.
	 * @param definition the lock to acquire
	 * @return the lease, or empty if the lock stayed busy; completes with
	 * {@link LockStoreException} if the store failed and
	 * {@link LockClientClosedException} if the client is stopping
	 * @throws IllegalArgumentException if the definition is {@code null}
	 */
	CompletionStage<Optional<LockLease>> tryAcquireAsync(LockDefinition definition);

	/**
	 * Prepare an acquisition to start later, perhaps on another thread, as
	 * {@link #tryAcquireAsync} does each time the returned supplier is called. The lock
	 * name is made now, on the calling thread, where a {@link LockNameCustomizer} reads
	 * the caller's context: for callers that ask for the lock on subscription.
	 * @param definition the lock to acquire
	 * @return starts one acquisition per call
	 * @throws IllegalArgumentException if the definition is {@code null}
	 * @throws IllegalStateException if a {@link LockNameCustomizer} returns no name
	 */
	default Supplier<CompletionStage<Optional<LockLease>>> tryAcquireLater(LockDefinition definition) {
		Assert.notNull(definition, "LockDefinition must not be null");
		return () -> tryAcquireAsync(definition);
	}

	/**
	 * Return the name this client takes the lock of the given name by: what its
	 * {@link LockNameCustomizer}, if any, makes of it, run now on the calling thread.
	 * @param name the lock name, not blank
	 * @return the name the lock is taken by
	 * @throws IllegalArgumentException if the name is {@code null} or blank
	 * @throws IllegalStateException if a {@link LockNameCustomizer} returns no name
	 */
	default String lockName(String name) {
		LockDefinition.checkName(name);
		return name;
	}

}
