// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

/**
 * Test support, for the test scope of applications and store authors:
 * {@link InMemoryLockStore}, a {@link io.github.redislock.store.LockStore} in the memory
 * of one JVM that replaces the Redis one in tests, and
 * {@link AbstractLockStoreContractTests}, the contract every store passes.
 */
@NullMarked
package io.github.redislock.test;

import org.jspecify.annotations.NullMarked;
