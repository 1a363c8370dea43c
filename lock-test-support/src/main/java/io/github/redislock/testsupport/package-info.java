// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

/**
 * Real {@code redis-server} processes on loopback for this project's tests and
 * benchmarks: standalone masters, replication, Sentinel and Cluster groups from a
 * {@link io.github.redislock.testsupport.RedisFixture} (or the JUnit 5
 * {@link io.github.redislock.testsupport.RedisServerExtension}), with the faults a lock
 * must survive (SIGSTOP, SIGKILL, restart on the same port) and no process or directory
 * left behind, even by a JVM killed in the middle of a test. Commands go through Jedis,
 * waits through Awaitility: this package only does what a process fixture alone can do.
 */
@NullMarked
package io.github.redislock.testsupport;

import org.jspecify.annotations.NullMarked;
