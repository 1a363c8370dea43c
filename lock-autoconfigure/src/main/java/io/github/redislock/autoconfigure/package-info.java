// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

/**
 * Spring Boot auto-configuration of Redis locks and {@code @RedisLock}, with its
 * properties under {@code redis-lock}. Internal: reference these classes only to exclude
 * an auto-configuration or to read the properties.
 */
@NullMarked
package io.github.redislock.autoconfigure;

import org.jspecify.annotations.NullMarked;
