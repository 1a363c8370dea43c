// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

/**
 * Locks for Reactor code: {@link io.github.redislock.reactive.ReactiveLockTemplate},
 * which takes a {@link io.github.redislock.core.LockLease} without blocking and holds it
 * around a publisher's work. Needs Reactor on the class path.
 * <p>
 * Internal, but for {@link ReactiveLockTemplate}, which reactive code that locks without
 * the annotation uses; {@link LeaseGuard} is public only because the {@code @RedisLock}
 * interceptor holds leases of {@code Mono} and {@code Flux} methods the same way.
 */
@NullMarked
package io.github.redislock.reactive;

import org.jspecify.annotations.NullMarked;
