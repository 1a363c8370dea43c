// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redis;

import java.nio.charset.StandardCharsets;
import java.util.List;

import org.jspecify.annotations.Nullable;

import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.ReturnType;

/**
 * {@link NodeCommands} over one Spring Data connection (standalone, or Sentinel's
 * master): Lettuce sends all its commands over one shared native connection, Jedis over
 * its one socket, so a {@code WAIT} follows its write on the same link.
 *
 * @author redis-lock contributors
 */
final class ConnectionCommands implements NodeCommands {

	private static final String LETTUCE_PACKAGE = "org.springframework.data.redis.connection.lettuce.";

	private final RedisConnection connection;

	ConnectionCommands(RedisConnection connection) {
		this.connection = connection;
	}

	@Override
	public long runScript(LuaScript script, int numKeys, byte[]... keysAndArgs) {
		return toLong(script.run(this.connection, ReturnType.INTEGER, numKeys, keysAndArgs));
	}

	@Override
	public long waitForReplicas(int replicas, long timeoutMillis) {
		return toLong(execute("WAIT", bytes(replicas), bytes(timeoutMillis)));
	}

	@Override
	public long[] waitForAppendOnlyFiles(int replicas, long timeoutMillis) {
		return appendOnlyCounts(execute("WAITAOF", bytes(1), bytes(replicas), bytes(timeoutMillis)));
	}

	static long[] appendOnlyCounts(@Nullable Object reply) {
		if (reply instanceof List<?> counts && counts.size() == 2) {
			return new long[] { toLong(counts.get(0)), toLong(counts.get(1)) };
		}
		throw new IllegalStateException("Unexpected reply to WAITAOF: " + reply);
	}

	/**
	 * Lettuce reads the reply of a command it does not know as a bulk string unless given
	 * an output type; {@code WAIT} and {@code WAITAOF} reply with integers.
	 */
	private @Nullable Object execute(String command, byte[]... args) {
		if (this.connection.getClass().getName().startsWith(LETTUCE_PACKAGE)) {
			return LettuceNodeCommands.execute(this.connection, command, args);
		}
		return this.connection.execute(command, args);
	}

	static long toLong(@Nullable Object reply) {
		if (reply instanceof Number number) {
			return number.longValue();
		}
		if (reply instanceof byte[] text) {
			return Long.parseLong(new String(text, StandardCharsets.UTF_8));
		}
		throw new IllegalStateException("Unexpected integer reply: " + reply);
	}

	static byte[] bytes(long value) {
		return Long.toString(value).getBytes(StandardCharsets.US_ASCII);
	}

}
