// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.simulation.server;

/**
 * An error reply of the simulated Redis, its message as Redis words it (starting with the
 * error code, such as {@code ERR} or {@code WRONGTYPE}).
 *
 * @author redis-lock contributors
 */
public final class RedisError extends RuntimeException {

	static final String WRONG_TYPE = "WRONGTYPE Operation against a key holding the wrong kind of value";

	static final String NOT_AN_INTEGER = "ERR value is not an integer or out of range";

	static final String SYNTAX = "ERR syntax error";

	public RedisError(String message) {
		super(message, null, false, false);
	}

}
