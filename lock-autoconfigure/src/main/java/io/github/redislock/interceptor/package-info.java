// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

/**
 * The machinery behind {@link io.github.redislock.annotation.RedisLock @RedisLock}: an
 * advisor and a method interceptor over {@link io.github.redislock.core.LockOperations},
 * the parsing and start-up validation of annotations, the checks that every locked method
 * is proxied, and the evaluation of key expressions.
 * <p>
 * Internal: Spring Boot wires these types, and nothing here is meant to be imported.
 */
@NullMarked
package io.github.redislock.interceptor;

import org.jspecify.annotations.NullMarked;
