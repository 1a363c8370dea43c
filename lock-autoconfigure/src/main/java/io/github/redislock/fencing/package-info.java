// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

/**
 * Fenced writes: data written under a lock that the store itself refuses to take from a
 * holder whose lease ran out, by comparing the writer's fencing token with the last one
 * that wrote the data. {@link io.github.redislock.fencing.FencedRedisTemplate} does it
 * for values kept in Redis; a refused write raises
 * {@link io.github.redislock.fencing.StaleFencingTokenException}. The token comes from
 * the current lease ({@link io.github.redislock.annotation.LockContext}) unless given.
 */
@NullMarked
package io.github.redislock.fencing;

import org.jspecify.annotations.NullMarked;
