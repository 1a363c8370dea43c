// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redis;

/**
 * The commands an {@link AcknowledgedWrites acknowledged write} sends, all over one
 * connection to one node: {@code WAIT} counts the replicas that acknowledged the last
 * write of the connection it is sent on, so the write and the wait must share it.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
interface NodeCommands {

	/**
	 * Run a script that replies with an integer.
	 * @param script the script
	 * @param numKeys how many of the leading arguments are keys
	 * @param keysAndArgs the keys, then the arguments
	 * @return the reply
	 * @throws IllegalStateException if Redis returned no reply
	 */
	long runScript(LuaScript script, int numKeys, byte[]... keysAndArgs);

	/**
	 * Send {@code WAIT}.
	 * @param replicas how many replicas to wait for
	 * @param timeoutMillis how long to wait
	 * @return how many replicas acknowledged
	 */
	long waitForReplicas(int replicas, long timeoutMillis);

	/**
	 * Send {@code WAITAOF}.
	 * @param replicas how many replicas to wait for
	 * @param timeoutMillis how long to wait
	 * @return whether the master wrote to its append-only file ({@code [0]}, 0 or 1) and
	 * how many replicas did ({@code [1]})
	 */
	long[] waitForAppendOnlyFiles(int replicas, long timeoutMillis);

}
