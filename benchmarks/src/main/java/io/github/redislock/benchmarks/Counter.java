// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.benchmarks;

import java.time.Duration;

import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;

/**
 * A counter in Redis incremented by a non-atomic {@code GET} then {@code SET}: the
 * critical section of the hot-key scenarios. Its final value equals the number of
 * sections run only if the lock excluded every other holder.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
final class Counter implements AutoCloseable {

	private final RedisClient client;

	private final StatefulRedisConnection<String, String> connection;

	private final RedisCommands<String, String> redis;

	Counter(int port) {
		this.client = RedisClient.create(RedisURI.create(BenchServer.HOST, port));
		this.connection = this.client.connect();
		this.redis = this.connection.sync();
	}

	Runnable increment(String key) {
		return () -> {
			String value = this.redis.get(key);
			this.redis.set(key, Long.toString((value != null) ? Long.parseLong(value) + 1 : 1));
		};
	}

	long value(String key) {
		String value = this.redis.get(key);
		return (value != null) ? Long.parseLong(value) : 0;
	}

	@Override
	public void close() {
		this.connection.close();
		this.client.shutdown(Duration.ZERO, Duration.ofSeconds(1));
	}

}
