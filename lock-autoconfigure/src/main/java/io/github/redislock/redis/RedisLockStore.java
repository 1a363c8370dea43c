/*
 * Copyright 2026 the original authors.
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *      https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package io.github.redislock.redis;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import io.github.redislock.core.LockStore;

import org.springframework.data.redis.connection.ReturnType;
import org.springframework.data.redis.core.RedisCallback;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.util.Assert;

/**
 * A {@link LockStore} in one Redis deployment (standalone, Sentinel or Cluster, as the
 * template's connection factory is set up). Each operation is one Lua script, so one
 * round trip; see the scripts under {@code META-INF/redis-lock/scripts} for the layout.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
public class RedisLockStore implements LockStore, AutoCloseable {

	/**
	 * The shortest time a fence key is kept, so that fencing tokens keep growing across a
	 * backwards step of the Redis server clock shorter than this.
	 */
	private static final long MIN_FENCE_RETENTION_MILLIS = Duration.ofMinutes(1).toMillis();

	/** The most renewals sent in one pipeline, to bound the memory of one batch. */
	private static final int MAX_PIPELINE = 1000;

	private final StringRedisTemplate redis;

	private final RedisLockKeys keys;

	private final ReleaseSubscriptions subscriptions;

	/**
	 * Create a store with keys under {@code lock:}.
	 * @param redis the template to run the scripts with
	 */
	public RedisLockStore(StringRedisTemplate redis) {
		this(redis, "lock:");
	}

	/**
	 * Create a store.
	 * @param redis the template to run the scripts with
	 * @param keyPrefix prepended to every key
	 */
	public RedisLockStore(StringRedisTemplate redis, String keyPrefix) {
		Assert.notNull(redis, "StringRedisTemplate must not be null");
		this.redis = redis;
		this.keys = new RedisLockKeys(keyPrefix);
		this.subscriptions = new ReleaseSubscriptions(redis.getRequiredConnectionFactory());
	}

	/**
	 * Return the key naming policy of this store.
	 * @return the keys
	 */
	public RedisLockKeys getKeys() {
		return this.keys;
	}

	@Override
	public AcquireResult tryAcquire(String name, String ownerToken, Duration leaseTime) {
		long lease = leaseMillis(name, leaseTime);
		Long result = this.redis.execute(RedisLockScripts.ACQUIRE,
				List.of(this.keys.lockKey(name), this.keys.fenceKey(name)), ownerToken, Long.toString(lease),
				Long.toString(Math.max(lease, MIN_FENCE_RETENTION_MILLIS)));
		long value = required(result, name);
		return (value > 0) ? AcquireResult.acquired(value) : AcquireResult.busy(-value - 1);
	}

	@Override
	public boolean renew(String name, String ownerToken, Duration leaseTime) {
		Long result = this.redis.execute(RedisLockScripts.RENEW, List.of(this.keys.lockKey(name)), ownerToken,
				Long.toString(leaseMillis(name, leaseTime)));
		return required(result, name) == 1;
	}

	/**
	 * Renew in pipelined batches: one round trip per batch instead of one per lease. If a
	 * pipeline fails, for example because Redis restarted and lost its script cache,
	 * renew one by one, which loads the script again.
	 */
	@Override
	public List<Boolean> renewAll(List<LeaseRenewal> renewals) {
		List<Boolean> results = new ArrayList<>(renewals.size());
		for (int from = 0; from < renewals.size(); from += MAX_PIPELINE) {
			List<LeaseRenewal> chunk = renewals.subList(from, Math.min(renewals.size(), from + MAX_PIPELINE));
			try {
				results.addAll(renewPipelined(chunk));
			}
			catch (RuntimeException ex) {
				for (LeaseRenewal renewal : chunk) {
					results.add(renew(renewal.name(), renewal.ownerToken(), renewal.leaseTime()));
				}
			}
		}
		return results;
	}

	private List<Boolean> renewPipelined(List<LeaseRenewal> renewals) {
		if (renewals.size() == 1) {
			LeaseRenewal renewal = renewals.get(0);
			return List.of(renew(renewal.name(), renewal.ownerToken(), renewal.leaseTime()));
		}
		byte[] sha = RedisLockScripts.RENEW.getSha1().getBytes(StandardCharsets.UTF_8);
		List<Object> replies = this.redis.executePipelined((RedisCallback<Object>) (connection) -> {
			for (LeaseRenewal renewal : renewals) {
				connection.scriptingCommands()
					.evalSha(sha, ReturnType.INTEGER, 1, bytes(this.keys.lockKey(renewal.name())),
							bytes(renewal.ownerToken()),
							bytes(Long.toString(leaseMillis(renewal.name(), renewal.leaseTime()))));
			}
			return null;
		});
		List<Boolean> results = new ArrayList<>(replies.size());
		for (Object reply : replies) {
			results.add(Long.valueOf(1).equals(reply));
		}
		return results;
	}

	@Override
	public boolean release(String name, String ownerToken) {
		Long result = this.redis.execute(RedisLockScripts.RELEASE, List.of(this.keys.lockKey(name)), ownerToken,
				this.keys.channel(name));
		return required(result, name) == 1;
	}

	@Override
	public boolean forceRelease(String name) {
		Long result = this.redis.execute(RedisLockScripts.FORCE_RELEASE, List.of(this.keys.lockKey(name)),
				this.keys.channel(name));
		return required(result, name) == 1;
	}

	@Override
	public AutoCloseable subscribe(String name, Runnable listener) {
		return this.subscriptions.subscribe(this.keys.channel(name), listener);
	}

	/**
	 * Return the number of release channels currently subscribed in Redis.
	 * @return the number of subscribed channels
	 */
	public int subscribedChannelCount() {
		return this.subscriptions.subscribedCount();
	}

	@Override
	public void close() {
		this.subscriptions.close();
	}

	private static byte[] bytes(String value) {
		return value.getBytes(StandardCharsets.UTF_8);
	}

	private static long leaseMillis(String name, Duration leaseTime) {
		long millis = leaseTime.toMillis();
		// PEXPIRE 0 or a negative PX would delete the key or fail: never send one.
		Assert.isTrue(millis > 0, () -> "Lease time of lock '" + name + "' must be at least 1 ms, was " + leaseTime);
		return millis;
	}

	private static long required(Long result, String name) {
		if (result == null) {
			throw new IllegalStateException(
					"Redis returned no reply for lock '" + name + "': scripts cannot run in a pipeline or transaction");
		}
		return result;
	}

}
