// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

/**
 * Writes that the data store itself refuses when they come from a stale holder: each row
 * or value keeps the fencing token of the last lease that wrote it, taken from the
 * current lease so that application code never passes it by hand, and a write carrying an
 * older token fails with a {@link io.github.redislock.core.StaleFencingTokenException}.
 * <p>
 * {@link FencedJdbcTemplate} fences plain SQL {@code UPDATE} statements,
 * {@link FencedRedisTemplate} Redis strings and hash fields, and a
 * {@link FencingToken @FencingToken} field JPA entities.
 */
@NullMarked
package io.github.redislock.fencing;

import org.jspecify.annotations.NullMarked;
