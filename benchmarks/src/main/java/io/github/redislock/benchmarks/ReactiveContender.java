// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.benchmarks;

import java.util.concurrent.TimeoutException;

import io.github.redislock.core.LockDefinition;
import io.github.redislock.core.LockLease;
import io.github.redislock.engine.DefaultLockClient;
import io.github.redislock.redis.RedisLockStore;
import reactor.core.publisher.Mono;

import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * Ours for reactive code: each call a {@code Mono} that takes a {@link LockLease} without
 * blocking (Lettuce's reactive connection, release notifications, a timer), runs the
 * section once the lease is held and releases it, as a {@code @RedisLock} method
 * returning a {@code Mono} does; the benchmark's thread only blocks on the result. Each
 * lease is a holder of its own in Redis, so contending callers queue in Redis, not in the
 * JVM.
 *
 * @author redis-lock contributors
 */
final class ReactiveContender implements Contender {

	static final String ID = "ours-reactive";

	private final LettuceConnectionFactory connectionFactory;

	private final RedisLockStore store;

	private final DefaultLockClient client;

	ReactiveContender(int port) {
		this.connectionFactory = new LettuceConnectionFactory(new RedisStandaloneConfiguration(BenchServer.HOST, port));
		this.connectionFactory.afterPropertiesSet();
		this.connectionFactory.start();
		this.store = new RedisLockStore(new StringRedisTemplate(this.connectionFactory), "bench:" + ID + ":");
		this.client = new DefaultLockClient(this.store);
	}

	@Override
	public String id() {
		return ID;
	}

	DefaultLockClient client() {
		return this.client;
	}

	/**
	 * Return the {@code Mono} of one critical section.
	 * @param key the lock name
	 * @param section the section
	 * @return completes once the lock is released after the section
	 */
	Mono<Void> locked(String key, Mono<Void> section) {
		LockDefinition definition = new LockDefinition(key, LEASE, MAX_WAIT, true);
		return Mono.usingWhen(
				Mono.fromFuture(() -> this.client.tryAcquireAsync(definition), false)
					.flatMap((lease) -> Mono.justOrEmpty(lease))
					.switchIfEmpty(Mono
						.error(() -> new TimeoutException("Lock '" + key + "' not acquired within " + MAX_WAIT))),
				(lease) -> section, (lease) -> Mono.fromCompletionStage(lease::release));
	}

	@Override
	public void locked(String key, Runnable section) {
		locked(key, Mono.fromRunnable(section)).block(MAX_WAIT.multipliedBy(2));
	}

	@Override
	public void close() {
		this.client.close();
		this.store.close();
		this.connectionFactory.destroy();
	}

}
