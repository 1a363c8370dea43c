/*
 * Copyright 2026 the original authors.
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *      https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */

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
