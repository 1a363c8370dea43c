// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.engine;

import java.time.Duration;
import java.time.Instant;

import org.jspecify.annotations.Nullable;

/**
 * A lock that this instance holds, as {@link DefaultLockClient#heldLocks()} saw it: a
 * snapshot for operators looking for a hung holder, never a handle, so that looking
 * cannot change a lock.
 *
 * @param name the lock name
 * @param ownerThread the name of the thread that holds it, or {@code null} for the lease
 * of an asynchronous holder ({@link io.github.redislock.core.LockLease})
 * @param holdCount how many times that thread holds it (re-entries included)
 * @param acquiredAt when that thread took it, by the wall clock
 * @param remainingLease how much of the lease is known to be left
 * @param renewing whether the lease is renewed while held
 * @param fencingToken the fencing token, or {@code null} if none was issued
 * @param method what took the lock (the {@code @RedisLock} method, or what a programmatic
 * caller named), or {@code null} when unknown
 * @author redis-lock contributors
 * @since 0.1.0
 */
public record LeaseView(String name, @Nullable String ownerThread, int holdCount, Instant acquiredAt,
		Duration remainingLease, boolean renewing, @Nullable Long fencingToken, @Nullable String method) {

}
