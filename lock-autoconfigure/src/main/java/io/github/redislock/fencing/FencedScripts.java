// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.fencing;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

import org.jspecify.annotations.Nullable;

import org.springframework.core.io.ClassPathResource;
import org.springframework.data.redis.connection.ReturnType;
import org.springframework.data.redis.core.RedisCallback;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.script.DefaultScriptExecutor;
import org.springframework.data.redis.core.script.RedisScript;
import org.springframework.util.StreamUtils;

/**
 * Runs {@code fenced-set.lua} and {@code fenced-hset.lua} as Spring Data Redis runs any
 * script (by digest, the source sent only on {@code NOSCRIPT}), but on raw keys, since a
 * token key is made from its data key as the template's key serializer wrote it.
 *
 * @author redis-lock contributors
 */
final class FencedScripts extends DefaultScriptExecutor<String> {

	static final RedisScript<Long> SET = load("fenced-set");

	static final RedisScript<Long> HSET = load("fenced-hset");

	/** The largest time to live or retention: Lua keeps integers exact up to 2^53. */
	static final long MAX_MILLIS = (1L << 53) - 1;

	/** How the scripts' refusals begin, as their headers say. */
	private static final String REFUSAL = "FENCING ";

	private static final byte[] TOKEN_KEY_SUFFIX = ":fencing-token".getBytes(StandardCharsets.US_ASCII);

	private static final byte[] UNTAGGED_TOKEN_KEY_PREFIX = "fencing-token:{".getBytes(StandardCharsets.US_ASCII);

	private static final byte[] TAG_END = { '}' };

	private final StringRedisTemplate redis;

	FencedScripts(StringRedisTemplate redis) {
		super(redis);
		this.redis = redis;
	}

	/**
	 * {@code 0} when written, else the last token recorded, which refused the write;
	 * {@code null} when the connection would queue the script (a transaction or
	 * pipeline), whose answer would come too late. A refusal for what the keys hold fails
	 * as Redis errors do, with a message that {@link #refusal} finds.
	 */
	@Nullable Long run(RedisScript<Long> script, byte[] key, byte[] tokenKey, long token, long ttlMillis, long retentionMillis,
			List<byte[]> values) {
		List<byte[]> keysAndArgs = new ArrayList<>(
				List.of(key, tokenKey, bytes(token), bytes(ttlMillis), bytes(retentionMillis)));
		keysAndArgs.addAll(values);
		return this.redis.execute((RedisCallback<Long>) (connection) -> {
			if (connection.isQueueing() || connection.isPipelined()) {
				return null;
			}
			return eval(connection, script, ReturnType.INTEGER, 2, keysAndArgs.toArray(new byte[0][]), null);
		});
	}

	/**
	 * The data key with a suffix when it has a hash tag, else the key made a hash tag
	 * after a prefix: both share a Cluster hash slot, and the two forms never meet.
	 */
	static byte[] tokenKey(byte[] key, Supplier<String> keyName) {
		String text = new String(key, StandardCharsets.ISO_8859_1);
		int open = text.indexOf('{');
		if (open >= 0 && text.indexOf('}', open + 1) > open + 1) {
			return concat(key, TOKEN_KEY_SUFFIX);
		}
		if (text.indexOf('}') >= 0) {
			throw new IllegalArgumentException("Redis key " + keyName.get()
					+ " has a '}' but no hash tag, so no key in its Cluster hash slot can hold its fencing token: "
					+ "give it a hash tag, as in 'stock:{42}'");
		}
		return concat(UNTAGGED_TOKEN_KEY_PREFIX, key, TAG_END);
	}

	/**
	 * What a script refused for what the keys hold, from the Redis error in the chain of
	 * {@code failure}; {@code null} for any other failure.
	 */
	static @Nullable String refusal(Throwable failure) {
		for (Throwable cause = failure; cause != null; cause = (cause.getCause() != cause) ? cause.getCause() : null) {
			String message = cause.getMessage();
			int start = (message != null) ? message.indexOf(REFUSAL) : -1;
			if (start >= 0) {
				String refusal = message.substring(start + REFUSAL.length());
				// Redis 7 names the script after the error.
				int script = refusal.indexOf(" script:");
				return (script >= 0) ? refusal.substring(0, script) : refusal;
			}
		}
		return null;
	}

	/**
	 * A key as an operator reads it: printable ASCII as is, any other byte as
	 * {@code \xNN}, as {@code redis-cli} shows keys.
	 */
	static String readable(byte[] key) {
		StringBuilder text = new StringBuilder(key.length);
		for (byte b : key) {
			if (b >= 0x20 && b < 0x7f && b != '\\') {
				text.append((char) b);
			}
			else {
				text.append(String.format("\\x%02x", b & 0xff));
			}
		}
		return text.toString();
	}

	private static byte[] concat(byte[]... parts) {
		ByteArrayOutputStream bytes = new ByteArrayOutputStream();
		for (byte[] part : parts) {
			bytes.writeBytes(part);
		}
		return bytes.toByteArray();
	}

	private static byte[] bytes(long value) {
		return Long.toString(value).getBytes(StandardCharsets.US_ASCII);
	}

	/** Read once, so that Spring Data Redis keeps the script's digest. */
	private static RedisScript<Long> load(String name) {
		String path = "META-INF/redis-lock/scripts/" + name + ".lua";
		try {
			return RedisScript.of(
					StreamUtils.copyToString(new ClassPathResource(path).getInputStream(), StandardCharsets.UTF_8),
					Long.class);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot read Redis script " + path, ex);
		}
	}

}
