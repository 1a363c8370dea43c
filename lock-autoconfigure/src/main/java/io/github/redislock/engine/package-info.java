// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

/**
 * The lock engine behind {@link io.github.redislock.core.LockClient}:
 * {@link DefaultLockClient} over any {@link io.github.redislock.store.LockStore}. It
 * queues the threads of one process per lock name, waits in the store with backoff and
 * release notifications, keeps leases and reports lost ones. Only
 * {@link DefaultLockClient} is meant to be created by applications.
 * <p>
 * Its parts, from the top: {@code DefaultLockClient} holds the settings and the lifecycle
 * and puts the others together. Each {@code ClientLock} handle goes through the
 * {@code LockEngine}, whose acquire and release paths use {@code LockStates} (the state
 * of each lock name in use, with the local lock its threads queue on),
 * {@code LocalHandOffs} (passing a lock between the threads of this process),
 * {@code StoreAcquirer} and {@code Acquisition} (taking a lock in the store, the one
 * protocol blocking and asynchronous callers share), {@code LeaseKeeper} (renewal,
 * lengthening, the end of a lease and lost leases) and {@code FencingTokens}. Every call
 * to the store goes through {@code GuardedStore}, which says what its failure means;
 * {@code LockClientShutdown} stops the client without abandoning the locks it holds. What
 * operators see of it ({@code HeldLock}, {@code LockWait}, {@code RenewalHealth}) are
 * snapshots read from these parts, never handles to them.
 */
@NullMarked
package io.github.redislock.engine;

import org.jspecify.annotations.NullMarked;
