// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.benchmarks;

import java.nio.charset.StandardCharsets;
import java.util.UUID;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;

import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.RedisStringCommands.SetOption;
import org.springframework.data.redis.connection.ReturnType;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.types.Expiration;

/**
 * The raw minimum of {@link RawContender}, the same two commands, sent through Spring
 * Data Redis as every Spring Data Redis based lock sends them: a connection from a
 * {@link LettuceConnectionFactory} with its defaults, per command. Shows what that layer
 * costs, apart from any lock's own work.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
final class RawSpringDataContender implements Contender {

	static final String ID = "raw-sdr";

	private final LettuceConnectionFactory connectionFactory;

	private final byte[] releaseSha;

	private final String instance = UUID.randomUUID().toString();

	private final AtomicLong tokens = new AtomicLong();

	private final Expiration lease = Expiration.from(LEASE);

	RawSpringDataContender(int port) {
		this.connectionFactory = new LettuceConnectionFactory(new RedisStandaloneConfiguration(BenchServer.HOST, port));
		this.connectionFactory.afterPropertiesSet();
		this.connectionFactory.start();
		try (RedisConnection connection = this.connectionFactory.getConnection()) {
			this.releaseSha = bytes(connection.scriptingCommands().scriptLoad(bytes(RawContender.RELEASE)));
		}
	}

	@Override
	public String id() {
		return ID;
	}

	@Override
	public void locked(String key, Runnable section) throws Exception {
		byte[] lockKey = bytes(key);
		byte[] token = bytes(this.instance + ":" + this.tokens.incrementAndGet());
		long deadline = System.nanoTime() + MAX_WAIT.toNanos();
		while (!setIfAbsent(lockKey, token)) {
			if (System.nanoTime() - deadline > 0) {
				throw new TimeoutException("Raw lock '" + key + "' not acquired within " + MAX_WAIT);
			}
		}
		try {
			section.run();
		}
		finally {
			Long deleted;
			try (RedisConnection connection = this.connectionFactory.getConnection()) {
				deleted = connection.scriptingCommands()
					.evalSha(this.releaseSha, ReturnType.INTEGER, 1, lockKey, token);
			}
			if (deleted == null || deleted != 1L) {
				throw new IllegalStateException("Raw lock '" + key + "' had expired at release");
			}
		}
	}

	private boolean setIfAbsent(byte[] key, byte[] token) {
		try (RedisConnection connection = this.connectionFactory.getConnection()) {
			return Boolean.TRUE.equals(connection.stringCommands().set(key, token, this.lease, SetOption.ifAbsent()));
		}
	}

	@Override
	public void close() {
		this.connectionFactory.destroy();
	}

	private static byte[] bytes(String value) {
		return value.getBytes(StandardCharsets.UTF_8);
	}

}
