// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.fencing;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import io.github.redislock.core.AcquiredLock;
import io.github.redislock.core.DistributedLock;
import io.github.redislock.core.LockStoreException;
import io.github.redislock.core.StaleFencingTokenException;
import org.jspecify.annotations.Nullable;

import org.springframework.dao.DataAccessException;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.script.RedisScript;
import org.springframework.data.redis.serializer.RedisSerializer;
import org.springframework.util.Assert;

/**
 * Writes Redis values so that Redis itself refuses a holder whose lease ran out: a Lua
 * script writes only if the write's fencing token is at least the last one that wrote the
 * key, and records it. A stale holder gets a {@link StaleFencingTokenException} and the
 * newer value stays:
 *
 * <pre class="code">
 * &#64;RedisLock(key = "'stock:' + #sku")
 * public void restock(String sku, int quantity) {
 *     fenced.set("stock:" + sku, Integer.toString(quantity));
 * }
 * </pre>
 *
 * The token is that of {@link io.github.redislock.annotation.LockContext#current()}, or
 * of the lock bound by {@link #forLock(DistributedLock)} or
 * {@link #forLock(AcquiredLock)}. Write each key under the same lock name, whose tokens
 * are the ones compared.
 * <p>
 * The last token of a key is kept beside it, in the key {@link #tokenKey(String)} names
 * (same Cluster hash slot, about 100 bytes), as long as the value lives and at least the
 * token retention (one day by default) after each write. Keys and values are written with
 * the template's serializers. Fenced writes cannot run in a transaction ({@code MULTI})
 * or pipeline, since the script's answer decides whether a write was refused.
 * <p>
 * A write refused for what its keys hold (a hash write to another type, a token key that
 * holds no fencing token) fails with a {@link LockStoreException} before anything is
 * written; any other Redis failure is Spring Data Redis's {@link DataAccessException}.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
public class FencedRedisTemplate {

	/** How long the last token of a key is kept at least, by default. */
	public static final Duration DEFAULT_TOKEN_RETENTION = Duration.ofDays(1);

	private static final Duration MAX_DURATION = Duration.ofMillis(FencedScripts.MAX_MILLIS);

	private final StringRedisTemplate redis;

	private final FencedScripts scripts;

	private final Duration tokenRetention;

	private final @Nullable FencingTokenSource token;

	/**
	 * Create a template that keeps tokens for {@link #DEFAULT_TOKEN_RETENTION}.
	 * @param redis the template whose connection and serializers to use
	 */
	public FencedRedisTemplate(StringRedisTemplate redis) {
		this(redis, DEFAULT_TOKEN_RETENTION);
	}

	/**
	 * Create a template.
	 * @param redis the template whose connection and serializers to use
	 * @param tokenRetention how long the last token of a key is kept at least after a
	 * write, at least 1 ms
	 */
	public FencedRedisTemplate(StringRedisTemplate redis, Duration tokenRetention) {
		this(redis, new FencedScripts(redis), tokenRetention, null);
		Assert.notNull(redis, "'redis' must not be null");
		millis("'tokenRetention' of FencedRedisTemplate", tokenRetention);
	}

	private FencedRedisTemplate(StringRedisTemplate redis, FencedScripts scripts, Duration tokenRetention,
			@Nullable FencingTokenSource token) {
		this.redis = redis;
		this.scripts = scripts;
		this.tokenRetention = tokenRetention;
		this.token = token;
	}

	/**
	 * Return a template that writes with the fencing token of the current thread's hold
	 * of the given lock, asked for at each write.
	 * @param lock a lock the writing thread holds
	 * @return a template bound to the lock
	 */
	public FencedRedisTemplate forLock(DistributedLock lock) {
		return bound(FencingTokenSource.of(lock));
	}

	/**
	 * Return a template that writes with the fencing token of an acquired lock.
	 * @param lock the acquired lock
	 * @return a template bound to the lock
	 */
	public FencedRedisTemplate forLock(AcquiredLock lock) {
		return bound(FencingTokenSource.of(lock));
	}

	/**
	 * Return a template that writes with a given fencing token, for a token handed over
	 * from elsewhere (another thread or process of the holder).
	 * @param lockName the name of the lock the token belongs to, named by a refusal
	 * @param fencingToken the token, positive
	 * @return a template bound to the token
	 */
	public FencedRedisTemplate forToken(String lockName, long fencingToken) {
		return bound(FencingTokenSource.of(lockName, fencingToken));
	}

	private FencedRedisTemplate bound(FencingTokenSource token) {
		return new FencedRedisTemplate(this.redis, this.scripts, this.tokenRetention, token);
	}

	/**
	 * Set a string value, without expiry (as {@code SET}), unless a write with a newer
	 * token wrote the key.
	 * @param key the key
	 * @param value the value
	 * @throws StaleFencingTokenException if refused; nothing was written
	 * @throws LockStoreException if refused for what the keys hold; nothing was written
	 * @throws IllegalStateException if no token is at hand: not inside a
	 * {@code @RedisLock} method, nor bound by {@link #forLock}
	 */
	public void set(String key, String value) {
		set(key, value, 0);
	}

	/**
	 * Set a string value that expires after the given time, unless a write with a newer
	 * token wrote the key.
	 * @param key the key
	 * @param value the value
	 * @param ttl how long the value lives, at least 1 ms
	 * @throws StaleFencingTokenException if refused; nothing was written
	 * @throws LockStoreException if refused for what the keys hold; nothing was written
	 * @throws IllegalStateException if no token is at hand
	 */
	public void set(String key, String value, Duration ttl) {
		set(key, value, millis("'ttl' of FencedRedisTemplate.set", ttl));
	}

	private void set(String key, String value, long ttlMillis) {
		Assert.hasLength(key, "'key' must not be empty");
		Assert.notNull(value, "'value' must not be null");
		write(FencedScripts.SET, "set", "Redis key ", key, ttlMillis,
				() -> List.of(serialize(this.redis.getValueSerializer(), value)));
	}

	/**
	 * Set a field of a hash, keeping the hash's expiry (as {@code HSET}), unless a write
	 * with a newer token wrote the hash. The token is kept per hash.
	 * @param key the hash's key
	 * @param field the field
	 * @param value the value
	 * @throws StaleFencingTokenException if refused; nothing was written
	 * @throws LockStoreException if refused for what the keys hold; nothing was written
	 * @throws IllegalStateException if no token is at hand
	 */
	public void hset(String key, String field, String value) {
		Assert.notNull(field, "'field' must not be null");
		Assert.notNull(value, "'value' must not be null");
		hset(key, Map.of(field, value), 0);
	}

	/**
	 * Set fields of a hash, keeping the hash's expiry, unless a write with a newer token
	 * wrote the hash.
	 * @param key the hash's key
	 * @param fields the fields and their values, at least one
	 * @throws StaleFencingTokenException if refused; nothing was written
	 * @throws LockStoreException if refused for what the keys hold; nothing was written
	 * @throws IllegalStateException if no token is at hand
	 */
	public void hset(String key, Map<String, String> fields) {
		hset(key, fields, 0);
	}

	/**
	 * Set fields of a hash and make the hash expire after the given time, unless a write
	 * with a newer token wrote the hash.
	 * @param key the hash's key
	 * @param fields the fields and their values, at least one
	 * @param ttl how long the hash lives from now, at least 1 ms
	 * @throws StaleFencingTokenException if refused; nothing was written
	 * @throws LockStoreException if refused for what the keys hold; nothing was written
	 * @throws IllegalStateException if no token is at hand
	 */
	public void hset(String key, Map<String, String> fields, Duration ttl) {
		hset(key, fields, millis("'ttl' of FencedRedisTemplate.hset", ttl));
	}

	private void hset(String key, Map<String, String> fields, long ttlMillis) {
		Assert.hasLength(key, "'key' must not be empty");
		Assert.notEmpty(fields, "'fields' must not be empty");
		write(FencedScripts.HSET, "hset", "Redis hash ", key, ttlMillis, () -> {
			List<byte[]> fieldsAndValues = new ArrayList<>(fields.size() * 2);
			fields.forEach((field, value) -> {
				Assert.notNull(field, "'fields' must not hold a null field");
				Assert.notNull(value, () -> "'fields' must not hold a null value, as for field '" + field + "'");
				fieldsAndValues.add(serialize(this.redis.getHashKeySerializer(), field));
				fieldsAndValues.add(serialize(this.redis.getHashValueSerializer(), value));
			});
			return fieldsAndValues;
		});
	}

	private void write(RedisScript<Long> script, String method, String kind, String key, long ttlMillis,
			Supplier<List<byte[]>> values) {
		FencingTokenSource token = (this.token != null) ? this.token
				: FencingTokenSource.current(() -> "FencedRedisTemplate." + method + "(\"" + key + "\")");
		byte[] rawKey = serialize(this.redis.getKeySerializer(), key);
		List<byte[]> rawValues = values.get();
		byte[] tokenKey = FencedScripts.tokenKey(rawKey, () -> keyName(key, rawKey));
		long fencingToken = token.value();
		String resource = kind + keyName(key, rawKey);
		Long result;
		try {
			result = this.scripts.run(script, rawKey, tokenKey, fencingToken, ttlMillis, this.tokenRetention.toMillis(),
					rawValues);
		}
		catch (DataAccessException ex) {
			String refusal = FencedScripts.refusal(ex);
			if (refusal == null) {
				throw ex;
			}
			throw new LockStoreException(token.lockName(),
					"Write to " + resource + " with fencing token " + fencingToken + " of lock '" + token.lockName()
							+ "' was refused: " + refusal + " (token key \"" + FencedScripts.readable(tokenKey)
							+ "\"); nothing was written",
					ex);
		}
		if (result == null) {
			throw new IllegalStateException("A fenced write to " + resource + " cannot run in a Redis transaction "
					+ "(MULTI) or pipeline: its answer says whether it was refused");
		}
		if (result != 0) {
			throw token.refused(result, new StaleFencingTokenException(token.lockName(), fencingToken, resource,
					"Write to " + resource + " with fencing token " + fencingToken + " of lock '" + token.lockName()
							+ "' was refused: a holder with a newer token (" + result + ") wrote it since, "
							+ "so this holder's lease ran out and the lock was taken by another, or the lock store "
							+ "lost the tokens it issued last (the next holder's token is raised above it)"));
		}
	}

	/**
	 * Return the key that holds the last fencing token that wrote a key, in the same
	 * Cluster hash slot: {@code stock:{42}} &rarr; {@code stock:{42}:fencing-token},
	 * {@code stock:42} &rarr; {@code fencing-token:{stock:42}}.
	 * @param key the data key, as the template's key serializer writes it
	 * @return the token key
	 * @throws IllegalArgumentException if the key has a {@code '}'} but no hash tag
	 */
	public static String tokenKey(String key) {
		return new String(FencedScripts.tokenKey(key.getBytes(StandardCharsets.UTF_8), () -> "'" + key + "'"),
				StandardCharsets.UTF_8);
	}

	/** The key, and the bytes written when the key serializer does not write its text. */
	private static String keyName(String key, byte[] rawKey) {
		return Arrays.equals(rawKey, key.getBytes(StandardCharsets.UTF_8)) ? "'" + key + "'"
				: "'" + key + "' (written as \"" + FencedScripts.readable(rawKey) + "\")";
	}

	private static long millis(String what, Duration duration) {
		Assert.isTrue(
				duration != null && !duration.isNegative() && duration.compareTo(MAX_DURATION) <= 0
						&& duration.toMillis() >= 1,
				() -> what + " must be at least 1ms and at most " + FencedScripts.MAX_MILLIS + "ms, but was "
						+ duration);
		return duration.toMillis();
	}

	@SuppressWarnings("unchecked")
	private static byte[] serialize(RedisSerializer<?> serializer, String value) {
		byte[] bytes = ((RedisSerializer<String>) serializer).serialize(value);
		Assert.state(bytes != null, () -> "Serializer " + serializer + " wrote nothing for '" + value + "'");
		return bytes;
	}

}
