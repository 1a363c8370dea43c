// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

/**
 * The service provider interface a lock store implements: {@link LockStore} records who
 * holds a lock and for how long, queues waiters and tells them of releases. The engine
 * owns everything else (threads, re-entry, renewal), so a store is a handful of atomic
 * operations; the Redis one is in {@link io.github.redislock.redis}.
 */
@NullMarked
package io.github.redislock.store;

import org.jspecify.annotations.NullMarked;
