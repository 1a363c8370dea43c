// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

/**
 * Side-by-side benchmarks of this project's lock against Redisson, Spring Integration's
 * {@code RedisLockRegistry} and a raw {@code SET NX PX} baseline, all on one private
 * {@code redis-server}. Run {@link io.github.redislock.benchmarks.BenchmarkMain}; nothing
 * here runs during the build.
 */
@NullMarked
package io.github.redislock.benchmarks;

import org.jspecify.annotations.NullMarked;
