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

	private static final byte[] TOKEN_KEY_SUFFIX = ":fencing-token".getBytes(StandardCharsets.US_ASCII);

	private FencedWrites() {
	}

	/**
	 * Run {@code fenced-set.lua}.
	 * @param connection the connection to run it on
	 * @param key the data key
	 * @param token the writer's fencing token
	 * @param ttlMillis the value's time to live, {@code 0} for none
	 * @param retentionMillis how long to keep the token at least
	 * @param value the value
	 * @return {@code 0} when written, else the last token recorded, which refused the
	 * write; {@code null} when the connection queued the script (a transaction or a
	 * pipeline)
	 */
	public static @Nullable Long set(RedisConnection connection, byte[] key, long token, long ttlMillis,
			long retentionMillis, byte[] value) {
		return LuaScript.FENCED_SET.run(connection, ReturnType.INTEGER, 2, key, tokenKey(key), bytes(token),
				bytes(ttlMillis), bytes(retentionMillis), value);
	}

	/**
	 * Run {@code fenced-hset.lua}.
	 * @param connection the connection to run it on
	 * @param key the hash's key
	 * @param token the writer's fencing token
	 * @param ttlMillis the hash's time to live, {@code 0} to keep its expiry
	 * @param retentionMillis how long to keep the token at least
	 * @param fieldsAndValues field, value, field, value ...
	 * @return {@code 0} when written, else the last token recorded, which refused the
	 * write; {@code null} when the connection queued the script (a transaction or a
	 * pipeline)
	 */
	public static @Nullable Long hset(RedisConnection connection, byte[] key, long token, long ttlMillis,
			long retentionMillis, List<byte[]> fieldsAndValues) {
		byte[][] keysAndArgs = new byte[5 + fieldsAndValues.size()][];
		keysAndArgs[0] = key;
		keysAndArgs[1] = tokenKey(key);
		keysAndArgs[2] = bytes(token);
		keysAndArgs[3] = bytes(ttlMillis);
		keysAndArgs[4] = bytes(retentionMillis);
		for (int i = 0; i < fieldsAndValues.size(); i++) {
			keysAndArgs[5 + i] = fieldsAndValues.get(i);
		}
		return LuaScript.FENCED_HSET.run(connection, ReturnType.INTEGER, 2, keysAndArgs);
	}

	/**
	 * Return the key that keeps a data key's last fencing token, in the same Cluster hash
	 * slot: the key with a suffix when it has a hash tag, else the key made a hash tag
	 * with the suffix.
	 * @param key the data key, serialized
	 * @return the token key
	 * @throws IllegalArgumentException if the key has a {@code '}'} but no hash tag,
	 * whose slot no other key name can share
	 */
	public static byte[] tokenKey(byte[] key) {
		int open = indexOf(key, '{', 0);
		if (open >= 0) {
			int close = indexOf(key, '}', open + 1);
			if (close > open + 1) {
				return concat(key, TOKEN_KEY_SUFFIX);
			}
		}
		if (indexOf(key, '}', 0) >= 0) {
			throw new IllegalArgumentException("Redis key '" + new String(key, StandardCharsets.UTF_8)
					+ "' has a '}' but no hash tag, so no key in its Cluster hash slot can hold its fencing token: "
					+ "give it a hash tag, as in 'stock:{42}'");
		}
		byte[] tagged = new byte[key.length + 2];
		tagged[0] = '{';
		System.arraycopy(key, 0, tagged, 1, key.length);
		tagged[key.length + 1] = '}';
		return concat(tagged, TOKEN_KEY_SUFFIX);
	}

	private static int indexOf(byte[] bytes, char c, int from) {
		for (int i = from; i < bytes.length; i++) {
			if (bytes[i] == c) {
				return i;
			}
		}
		return -1;
	}

	private static byte[] concat(byte[] first, byte[] second) {
		byte[] result = new byte[first.length + second.length];
		System.arraycopy(first, 0, result, 0, first.length);
		System.arraycopy(second, 0, result, first.length, second.length);
		return result;
	}

	private static byte[] bytes(long value) {
		return Long.toString(value).getBytes(StandardCharsets.US_ASCII);
	}

}
