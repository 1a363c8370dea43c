// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

/**
 * The machinery behind {@link io.github.redislock.annotation.RedisLock @RedisLock}: an
 * advisor and a method interceptor over {@link io.github.redislock.core.LockOperations},
 * start-up validation of annotations and of their proxies, and key expressions.
 * <p>
 * Internal but for the auto-configuration, which applications may exclude, and
 * {@link JobRuns}, which the {@code locks} endpoint reads.
 */
@NullMarked
package io.github.redislock.interceptor;

import org.jspecify.annotations.NullMarked;
