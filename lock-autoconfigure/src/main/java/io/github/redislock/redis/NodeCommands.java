// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redis;

/**
 * The commands of an {@link AcknowledgedWrites acknowledged write}, all over one
 * connection to one node: {@code WAIT} counts only the writes of the connection it is
 * sent on.
 *
 * @author redis-lock contributors
 */
interface NodeCommands {

	/** Run a script that replies with an integer. */
	long runScript(LuaScript script, int numKeys, byte[]... keysAndArgs);

	/** Send {@code WAIT}; returns how many replicas acknowledged. */
	long waitForReplicas(int replicas, long timeoutMillis);

	/**
	 * Send {@code WAITAOF 1}; returns {@code [master, replicas]}: whether the master (0
	 * or 1) and how many replicas wrote the writes to their append-only file.
	 */
	long[] waitForAppendOnlyFiles(int replicas, long timeoutMillis);

}
