// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

/**
 * The lock engine behind {@link io.github.redislock.core.LockClient}:
 * {@link DefaultLockClient} over any {@link io.github.redislock.store.LockStore}.
 * Internal but for that class and the views it returns, which code building a client
 * without Spring Boot uses; the rest may change in any release.
 * <p>
 * Each {@code ClientLock} goes through {@code LockEngine}: {@code LockStates} queue this
 * process's threads per name, {@code Acquisition} takes a lock in the store for blocking
 * and asynchronous callers alike, {@code LeaseKeeper} renews, releases and reports
 * losses, and every store call goes through {@code StoreCalls}.
 */
@NullMarked
package io.github.redislock.engine;

import org.jspecify.annotations.NullMarked;
