// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

/**
 * What application code types next to a locked method: the {@link RedisLock @RedisLock}
 * annotation, the {@link LockContext} of the running locked method, the
 * {@link LockAcquisitionFailureHandler} and {@link LostLeaseAction} it may name. What a
 * locked method's caller may catch is the {@link io.github.redislock.core.LockException}
 * hierarchy in {@link io.github.redislock.core}. The machinery that applies the
 * annotation is in {@link io.github.redislock.interceptor}.
 */
@NullMarked
package io.github.redislock.annotation;

import org.jspecify.annotations.NullMarked;
