// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

/**
 * A loopback TCP proxy in front of one {@code redis-server} that can lose or delay the
 * reply to a chosen command, so that the torture suite can break a connection after Redis
 * ran an acquire, a release or a renewal, or hold such a reply back past the client's
 * command timeout. These are the faults a lock meets on a real network that neither
 * killing nor pausing Redis can produce: Redis did the work, the client never heard of
 * it.
 */
@NullMarked
package io.github.redislock.torture.proxy;

import org.jspecify.annotations.NullMarked;
