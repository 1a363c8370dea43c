// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

/**
 * The lock engine behind {@link io.github.redislock.core.LockClient}:
 * {@link DefaultLockClient} over any {@link io.github.redislock.store.LockStore}, the
 * only class applications are meant to create.
 * <p>
 * Each {@code ClientLock} handle goes through {@code LockEngine}, which uses
 * {@code LockStates} (per-name state and local queue), {@code LocalHandOffs} (passing a
 * lock between threads of this process), {@code StoreAcquirer} and {@code Acquisition}
 * (taking a lock in the store, for blocking and asynchronous callers alike),
 * {@code LeaseKeeper} (renewal, release, lost leases) and {@code FencingTokens}. Every
 * store call goes through {@code GuardedStore}; {@code LockClientShutdown} stops the
 * client without abandoning held locks. The views {@link DefaultLockClient} returns
 * ({@code LeaseView}, {@code WaiterView}, {@code RenewalHealth}) are snapshots for
 * operators, never handles.
 * <p>
 * Internal, but for {@link DefaultLockClient} and the views it returns: code that builds
 * a client without Spring Boot creates one. The rest may change in any release.
 */
@NullMarked
package io.github.redislock.engine;

import org.jspecify.annotations.NullMarked;
