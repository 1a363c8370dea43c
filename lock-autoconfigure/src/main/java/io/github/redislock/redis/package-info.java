// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

/**
 * The Redis {@link io.github.redislock.store.LockStore}: one Lua script per operation,
 * run on a connection from the {@code RedisConnectionFactory}, and release notifications
 * over one shared subscription.
 * <p>
 * Internal, but for {@link RedisLockStore}, whose constructors take its settings, for
 * code that builds a client without Spring Boot.
 */
@NullMarked
package io.github.redislock.redis;

import org.jspecify.annotations.NullMarked;
