// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.fencing;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import io.github.redislock.core.AcquiredLock;
import io.github.redislock.core.DistributedLock;
import io.github.redislock.core.LockStoreException;
import io.github.redislock.core.StaleFencingTokenException;
import org.jspecify.annotations.Nullable;

import org.springframework.dao.DataAccessException;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.serializer.RedisSerializer;
import org.springframework.util.Assert;

/**
 * Writes values kept in Redis under a lock so that Redis itself refuses a holder whose
 * lease ran out: each write carries the holder's fencing token, and one Lua script sets
 * the value only if the token is newer than the last one that wrote the key, and records
 * it. A holder that paused past its lease and resumed after the next holder wrote gets a
 * {@link StaleFencingTokenException}, and the newer value stays:
 *
 * <pre class="code">
 * &#64;RedisLock(key = "'stock:' + #sku")
 * public void restock(String sku, int quantity) {
 *     fenced.set("stock:" + sku, Integer.toString(quantity));
 * }
 * </pre>
 *
 * Inside a {@code @RedisLock} method the token is that of
 * {@link io.github.redislock.annotation.LockContext#current()}; with the programmatic
 * API, write through {@link #forLock(DistributedLock)} or {@link #forLock(AcquiredLock)}.
 * An equal token is the same lease writing again and is accepted; every write to a key
 * must be made under the same lock name, whose tokens are the ones compared.
 * <p>
 * The last token of a key is kept in a key beside it, named by {@link #tokenKey(String)}
 * and in the same Cluster hash slot. It lives as long as the value and at least the token
 * retention (one day by default) after the write: a value without expiry is protected
 * from holders that resume within the retention of its last fenced write, and a deleted
 * or expired value leaves its token key for at most that long. Each fenced key costs one
 * more small key (about 100 bytes).
 * <p>
 * The template's key and value serializers write the keys and values, so
 * {@code opsForValue().get(key)} on the same template reads them. The scripts' answer
 * decides whether a write was refused, so fenced writes do not run inside a Redis
 * transaction ({@code MULTI}) or a pipeline of the template.
 * <p>
 * A write refused for what its keys hold, rather than for its token, fails with a
 * {@link LockStoreException} naming the key, before anything is written: a hash write to
 * a key holding another type, or a write whose token key holds something other than a
 * fencing token (which would otherwise let any token through). Being about the fencing,
 * it is one of this library's {@code LockException}s. Every other failure of Redis (not
 * reachable, out of memory, a read-only replica, a timeout) is the
 * {@link org.springframework.dao.DataAccessException} Spring Data Redis throws for any
 * command, as {@code StringRedisTemplate} users expect.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
public class FencedRedisTemplate {

	/** How long the last token of a key is kept at least, by default. */
	public static final Duration DEFAULT_TOKEN_RETENTION = Duration.ofDays(1);

	private static final Duration MAX_TTL = Duration.ofMillis(FencedScripts.MAX_MILLIS);

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
		Assert.isTrue(
				tokenRetention != null && tokenRetention.toMillis() >= 1
						&& tokenRetention.toMillis() <= FencedScripts.MAX_MILLIS,
				() -> "'tokenRetention' of FencedRedisTemplate must be at least 1ms and at most "
						+ FencedScripts.MAX_MILLIS + "ms, but was " + tokenRetention);
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
		return new FencedRedisTemplate(this.redis, this.scripts, this.tokenRetention, FencingTokenSource.of(lock));
	}

	/**
	 * Return a template that writes with the fencing token of an acquired lock.
	 * @param lock the acquired lock
	 * @return a template bound to the lock
	 */
	public FencedRedisTemplate forLock(AcquiredLock lock) {
		return new FencedRedisTemplate(this.redis, this.scripts, this.tokenRetention, FencingTokenSource.of(lock));
	}

	/**
	 * Return a template that writes with a given fencing token, for a token handed over
	 * from elsewhere (another thread or process of the holder).
	 * @param lockName the name of the lock the token belongs to, named by a refusal
	 * @param fencingToken the token, positive
	 * @return a template bound to the token
	 */
	public FencedRedisTemplate forToken(String lockName, long fencingToken) {
		return new FencedRedisTemplate(this.redis, this.scripts, this.tokenRetention,
				FencingTokenSource.of(lockName, fencingToken));
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
		set(key, value, ttlMillis("set", ttl));
	}

	private void set(String key, String value, long ttlMillis) {
		Assert.hasLength(key, "'key' must not be empty");
		Assert.notNull(value, "'value' must not be null");
		FencingTokenSource token = token("set", key);
		byte[] rawKey = serialize(this.redis.getKeySerializer(), key);
		byte[] tokenKey = tokenKey(key, rawKey);
		byte[] rawValue = serialize(this.redis.getValueSerializer(), value);
		long fencingToken = token.value();
		String resource = "Redis key " + keyName(key, rawKey);
		Long result;
		try {
			result = this.scripts.set(rawKey, tokenKey, fencingToken, ttlMillis, this.tokenRetention.toMillis(),
					rawValue);
		}
		catch (DataAccessException ex) {
			throw translated(ex, token, fencingToken, resource, tokenKey);
		}
		check(result, token, fencingToken, resource);
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
		hset(key, fields, ttlMillis("hset", ttl));
	}

	private void hset(String key, Map<String, String> fields, long ttlMillis) {
		Assert.hasLength(key, "'key' must not be empty");
		Assert.notEmpty(fields, "'fields' must not be empty");
		FencingTokenSource token = token("hset", key);
		byte[] rawKey = serialize(this.redis.getKeySerializer(), key);
		List<byte[]> fieldsAndValues = new ArrayList<>(fields.size() * 2);
		fields.forEach((field, value) -> {
			Assert.notNull(field, "'fields' must not hold a null field");
			Assert.notNull(value, () -> "'fields' must not hold a null value, as for field '" + field + "'");
			fieldsAndValues.add(serialize(this.redis.getHashKeySerializer(), field));
			fieldsAndValues.add(serialize(this.redis.getHashValueSerializer(), value));
		});
		byte[] tokenKey = tokenKey(key, rawKey);
		long fencingToken = token.value();
		String resource = "Redis hash " + keyName(key, rawKey);
		Long result;
		try {
			result = this.scripts.hset(rawKey, tokenKey, fencingToken, ttlMillis, this.tokenRetention.toMillis(),
					fieldsAndValues);
		}
		catch (DataAccessException ex) {
			throw translated(ex, token, fencingToken, resource, tokenKey);
		}
		check(result, token, fencingToken, resource);
	}

	/**
	 * Return the key that holds the last fencing token that wrote a key: the key with a
	 * suffix when it has a hash tag, else the key as a hash tag with the suffix, so that
	 * both are in the same Cluster hash slot ({@code stock:{42}} &rarr;
	 * {@code stock:{42}:fencing-token}, {@code stock:42} &rarr;
	 * {@code fencing-token:{stock:42}}); no two data keys share a token key. A key as the
	 * template's key serializer writes it.
	 * @param key the data key
	 * @return the token key
	 * @throws IllegalArgumentException if the key has a {@code '}'} but no hash tag,
	 * whose slot no other key name can share
	 */
	public static String tokenKey(String key) {
		return new String(FencedScripts.tokenKey(key.getBytes(StandardCharsets.UTF_8), () -> "'" + key + "'"),
				StandardCharsets.UTF_8);
	}

	private static byte[] tokenKey(String key, byte[] rawKey) {
		return FencedScripts.tokenKey(rawKey, () -> keyName(key, rawKey));
	}

	/**
	 * The key as given, and as written too when the key serializer does not write it as
	 * its text (a JDK-serialized key starts with binary bytes).
	 */
	private static String keyName(String key, byte[] rawKey) {
		return Arrays.equals(rawKey, key.getBytes(StandardCharsets.UTF_8)) ? "'" + key + "'"
				: "'" + key + "' (written as \"" + FencedScripts.readable(rawKey) + "\")";
	}

	/**
	 * A refusal of the scripts for what the keys hold is about the fencing, so it is the
	 * library's; any other failure stays what Spring Data Redis reports.
	 */
	private static RuntimeException translated(DataAccessException failure, FencingTokenSource token, long fencingToken,
			String resource, byte[] tokenKey) {
		String refusal = FencedScripts.refusal(failure);
		if (refusal == null) {
			return failure;
		}
		return new LockStoreException(token.lockName(),
				"Write to " + resource + " with fencing token " + fencingToken + " of lock '" + token.lockName()
						+ "' was refused: " + refusal + " (token key \"" + FencedScripts.readable(tokenKey)
						+ "\"); nothing was written",
				failure);
	}

	private FencingTokenSource token(String method, String key) {
		return (this.token != null) ? this.token
				: FencingTokenSource.current(() -> "FencedRedisTemplate." + method + "(\"" + key + "\")");
	}

	private static void check(@Nullable Long result, FencingTokenSource token, long fencingToken, String resource) {
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

	private static long ttlMillis(String method, Duration ttl) {
		Assert.isTrue(ttl != null && !ttl.isNegative() && ttl.compareTo(MAX_TTL) <= 0 && ttl.toMillis() >= 1,
				() -> "'ttl' of FencedRedisTemplate." + method + " must be at least 1ms and at most "
						+ FencedScripts.MAX_MILLIS + "ms, but was " + ttl);
		return ttl.toMillis();
	}

	@SuppressWarnings("unchecked")
	private static byte[] serialize(RedisSerializer<?> serializer, String value) {
		byte[] bytes = ((RedisSerializer<String>) serializer).serialize(value);
		Assert.state(bytes != null, () -> "Serializer " + serializer + " wrote nothing for '" + value + "'");
		return bytes;
	}

}
