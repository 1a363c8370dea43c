// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

/**
 * The machinery behind {@link io.github.redislock.annotation.RedisLock @RedisLock}: an
 * advisor and a method interceptor over {@link io.github.redislock.core.LockOperations},
 * the parsing and start-up validation of annotations, the checks that every locked method
 * is proxied, and the evaluation of key expressions, with the auto-configuration that
 * wires them, as {@code actuate} has its own.
 * <p>
 * Internal: nothing here is meant to be imported, but for the auto-configuration, which
 * applications may exclude, and {@link JobRuns}, which the {@code locks} endpoint reads.
 */
@NullMarked
package io.github.redislock.interceptor;

import org.jspecify.annotations.NullMarked;
