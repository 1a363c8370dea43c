// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.simulation;

/**
 * What a Redis client reports when the simulated network fails it: a connection reset, or
 * a command not answered within its timeout.
 *
 * @author redis-lock contributors
 */
public final class NetworkFaultException extends RuntimeException {

	public NetworkFaultException(String message) {
		super(message, null, false, false);
	}

}
