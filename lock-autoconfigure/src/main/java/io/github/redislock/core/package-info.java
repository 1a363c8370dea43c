// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

/**
 * The programmatic lock API that application code calls: {@link LockClient} and its
 * {@link DistributedLock} handles, {@link LockOperations} and its template, the
 * {@link LockDefinition} they take, the {@link LockException} hierarchy of every failure
 * about a lock at run time, and the {@link InvalidLockConfigurationException} that stops
 * start-up. Nothing here names Spring AOP, SpEL or Redis; the implementation is in
 * {@link io.github.redislock.engine}, over a {@link io.github.redislock.store store}.
 */
@NullMarked
package io.github.redislock.core;

import org.jspecify.annotations.NullMarked;
