// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

/**
 * The sample application: a flash sale protected by {@code @RedisLock}.
 */
@NullMarked
package io.github.redislock.sample;

import org.jspecify.annotations.NullMarked;
