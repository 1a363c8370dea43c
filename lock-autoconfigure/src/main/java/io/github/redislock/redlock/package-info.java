// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

/**
 * Locks on a majority of independent Redis masters (Redlock), kept through the loss of a
 * Redis without relying on replication. Internal but for {@link RedlockStore}, for code
 * that builds a client without Spring Boot.
 */
@NullMarked
package io.github.redislock.redlock;

import org.jspecify.annotations.NullMarked;
