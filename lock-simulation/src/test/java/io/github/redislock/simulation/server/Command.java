// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.simulation.server;

import java.util.List;

/**
 * One Redis command: its arguments (the name first) in, its reply out: a {@link Long}, a
 * {@link String} (bulk, bytes as ISO-8859-1), {@code null} (nil), a {@link List} of those
 * or a {@link Status}; errors are thrown as {@link RedisError}.
 *
 * @author redis-lock contributors
 */
@FunctionalInterface
interface Command {

	Object run(Keyspace keyspace, List<String> args);

}
