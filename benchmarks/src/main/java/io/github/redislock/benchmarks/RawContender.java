// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.benchmarks;

import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;

import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.SetArgs;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;

/**
 * The raw minimum a correct lock needs: {@code SET key token NX PX} to acquire and a Lua
 * compare-and-delete to release, over one shared Lettuce connection. Two round trips when
 * uncontended; a busy lock is retried at once, without sleeping; not reentrant.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
final class RawContender implements Contender {

	static final String ID = "raw";

	static final String RELEASE = "if redis.call('GET', KEYS[1]) == ARGV[1] then "
			+ "return redis.call('DEL', KEYS[1]) else return 0 end";

	private final RedisClient client;

	private final StatefulRedisConnection<String, String> connection;

	private final RedisCommands<String, String> redis;

	private final String releaseSha;

	private final String instance = UUID.randomUUID().toString();

	private final AtomicLong tokens = new AtomicLong();

	private final SetArgs acquireArgs = SetArgs.Builder.nx().px(LEASE.toMillis());

	RawContender(int port) {
		this.client = RedisClient.create(RedisURI.create(BenchServer.HOST, port));
		this.connection = this.client.connect();
		this.redis = this.connection.sync();
		this.releaseSha = this.redis.scriptLoad(RELEASE);
	}

	@Override
	public String id() {
		return ID;
	}

	@Override
	public void locked(String key, Runnable section) throws Exception {
		String token = this.instance + ":" + this.tokens.incrementAndGet();
		long deadline = System.nanoTime() + MAX_WAIT.toNanos();
		while (!"OK".equals(this.redis.set(key, token, this.acquireArgs))) {
			if (System.nanoTime() - deadline > 0) {
				throw new TimeoutException("Raw lock '" + key + "' not acquired within " + MAX_WAIT);
			}
		}
		try {
			section.run();
		}
		finally {
			Long deleted = this.redis.evalsha(this.releaseSha, ScriptOutputType.INTEGER, new String[] { key }, token);
			if (deleted == null || deleted != 1L) {
				throw new IllegalStateException("Raw lock '" + key + "' had expired at release");
			}
		}
	}

	@Override
	public void close() {
		this.connection.close();
		this.client.shutdown(Duration.ZERO, Duration.ofSeconds(1));
	}

}
