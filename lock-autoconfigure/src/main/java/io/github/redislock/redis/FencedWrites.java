// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redis;

import java.nio.charset.StandardCharsets;
import java.util.List;

import org.jspecify.annotations.Nullable;

import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.ReturnType;

/**
 * Runs the fenced-write scripts ({@code fenced-set.lua}, {@code fenced-hset.lua}) for
 * {@code io.github.redislock.fencing}, which cannot see the package-private
 * {@link LuaScript}. Internal: its signatures may change in any release.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
public final class FencedWrites {

	private FencedWrites() {
	}

	/**
	 * Run {@code fenced-set.lua}.
	 * @param connection the connection to run it on
	 * @param key the data key
	 * @param tokenKey the key of its last fencing token, in the same hash slot
	 * @param token the writer's fencing token
	 * @param ttlMillis the value's time to live, {@code 0} for none
	 * @param retentionMillis how long to keep the token at least
	 * @param value the value
	 * @return {@code 0} when written, else the last token recorded, which refused the
	 * write; {@code null} when the connection queued the script (a transaction or a
	 * pipeline)
	 */
	public static @Nullable Long set(RedisConnection connection, byte[] key, byte[] tokenKey, long token,
			long ttlMillis, long retentionMillis, byte[] value) {
		return LuaScript.FENCED_SET.run(connection, ReturnType.INTEGER, 2, key, tokenKey, bytes(token),
				bytes(ttlMillis), bytes(retentionMillis), value);
	}

	/**
	 * Run {@code fenced-hset.lua}.
	 * @param connection the connection to run it on
	 * @param key the hash's key
	 * @param tokenKey the key of its last fencing token, in the same hash slot
	 * @param token the writer's fencing token
	 * @param ttlMillis the hash's time to live, {@code 0} to keep its expiry
	 * @param retentionMillis how long to keep the token at least
	 * @param fieldsAndValues field, value, field, value ...
	 * @return {@code 0} when written, else the last token recorded, which refused the
	 * write; {@code null} when the connection queued the script (a transaction or a
	 * pipeline)
	 */
	public static @Nullable Long hset(RedisConnection connection, byte[] key, byte[] tokenKey, long token,
			long ttlMillis, long retentionMillis, List<byte[]> fieldsAndValues) {
		byte[][] keysAndArgs = new byte[5 + fieldsAndValues.size()][];
		keysAndArgs[0] = key;
		keysAndArgs[1] = tokenKey;
		keysAndArgs[2] = bytes(token);
		keysAndArgs[3] = bytes(ttlMillis);
		keysAndArgs[4] = bytes(retentionMillis);
		for (int i = 0; i < fieldsAndValues.size(); i++) {
			keysAndArgs[5 + i] = fieldsAndValues.get(i);
		}
		return LuaScript.FENCED_HSET.run(connection, ReturnType.INTEGER, 2, keysAndArgs);
	}

	private static byte[] bytes(long value) {
		return Long.toString(value).getBytes(StandardCharsets.US_ASCII);
	}

}
