// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

/**
 * Writes that the data store itself refuses when they come from a stale holder: each row
 * (or value) keeps the fencing token of the last lease that wrote it, and a write
 * carrying an older token is turned away with a
 * {@link io.github.redislock.core.StaleFencingTokenException}. The token comes from the
 * current lease (the running {@code @RedisLock} method's
 * {@link io.github.redislock.annotation.LockContext}, or an
 * {@link io.github.redislock.core.AcquiredLock} or
 * {@link io.github.redislock.core.DistributedLock} held through the programmatic API), so
 * that application code never passes it by hand.
 * <p>
 * For relational tables, {@link FencedJdbcTemplate} adds the fence check and update to a
 * plain {@code UPDATE} statement. For values kept in Redis, {@link FencedRedisTemplate}
 * sets strings and hash fields in one script that compares and records the token beside
 * the value. For JPA entities, a {@link FencingToken @FencingToken} field is checked and
 * set by Hibernate on every insert, update and delete.
 */
@NullMarked
package io.github.redislock.fencing;

import org.jspecify.annotations.NullMarked;
