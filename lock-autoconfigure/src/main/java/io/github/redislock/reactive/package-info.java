// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

/**
 * Locks for Reactor code: {@link io.github.redislock.reactive.ReactiveLockTemplate} takes
 * a {@link io.github.redislock.core.LockLease} without blocking and holds it around a
 * publisher's work. Needs Reactor on the class path. {@link LeaseGuard} is public only
 * for the {@code @RedisLock} interceptor, which holds leases the same way.
 */
@NullMarked
package io.github.redislock.reactive;

import org.jspecify.annotations.NullMarked;
