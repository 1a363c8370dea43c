// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

/**
 * Fenced writes: stores that refuse a write from a holder whose lease ran out, because a
 * newer holder of the same lock already wrote with a larger fencing token. The token is
 * the current lease's ({@link io.github.redislock.annotation.LockContext}); a refused
 * write fails with a {@link io.github.redislock.fencing.StaleFencingTokenException}. JPA
 * entities are fenced by a {@link io.github.redislock.fencing.FencingToken
 * @FencingToken} field, applied by Hibernate.
 */
@NullMarked
package io.github.redislock.fencing;

import org.jspecify.annotations.NullMarked;
