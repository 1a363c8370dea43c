// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.benchmarks;

import java.time.Duration;
import java.util.concurrent.locks.Lock;

import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.integration.redis.util.RedisLockRegistry;
import org.springframework.integration.redis.util.RedisLockRegistry.RedisLockType;
import org.springframework.scheduling.concurrent.ThreadPoolTaskScheduler;

/**
 * Spring Integration's {@link RedisLockRegistry} in {@code SPIN_LOCK} mode (polls every
 * 100 ms) or {@code PUB_SUB_LOCK} mode (waits for an unlock message), with its defaults
 * apart from a 30 s lease.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
final class RegistryContender implements Contender {

	static final String SPIN_ID = "sirl-spin";

	static final String PUB_SUB_ID = "sirl-pubsub";

	private final String id;

	private final LettuceConnectionFactory connectionFactory;

	private final RedisLockRegistry registry;

	private ThreadPoolTaskScheduler renewalScheduler;

	/**
	 * Create the contender.
	 * @param port the Redis port
	 * @param pubSub whether to use {@code PUB_SUB_LOCK} instead of {@code SPIN_LOCK}
	 */
	RegistryContender(int port, boolean pubSub) {
		this(port, pubSub, LEASE, false);
	}

	/**
	 * Create the contender.
	 * @param port the Redis port
	 * @param pubSub whether to use {@code PUB_SUB_LOCK} instead of {@code SPIN_LOCK}
	 * @param lease the registry's {@code expireAfter}
	 * @param renew whether to renew held locks every third of the lease on a
	 * single-threaded scheduler
	 */
	RegistryContender(int port, boolean pubSub, Duration lease, boolean renew) {
		this.id = pubSub ? PUB_SUB_ID : SPIN_ID;
		this.connectionFactory = new LettuceConnectionFactory(new RedisStandaloneConfiguration(BenchServer.HOST, port));
		this.connectionFactory.afterPropertiesSet();
		this.connectionFactory.start();
		this.registry = new RedisLockRegistry(this.connectionFactory, "bench:" + this.id, lease.toMillis());
		this.registry.setRedisLockType(pubSub ? RedisLockType.PUB_SUB_LOCK : RedisLockType.SPIN_LOCK);
		if (renew) {
			this.renewalScheduler = new ThreadPoolTaskScheduler();
			this.renewalScheduler.setThreadNamePrefix("sirl-renewal-");
			this.renewalScheduler.initialize();
			this.registry.setRenewalTaskScheduler(this.renewalScheduler);
		}
	}

	@Override
	public String id() {
		return this.id;
	}

	Lock lock(String key) {
		return this.registry.obtain(key);
	}

	@Override
	public void locked(String key, Runnable section) throws Exception {
		Lock lock = this.registry.obtain(key);
		lock.lock();
		Contender.runHolding(lock, section);
	}

	@Override
	public void close() {
		this.registry.destroy();
		if (this.renewalScheduler != null) {
			this.renewalScheduler.shutdown();
		}
		this.connectionFactory.destroy();
	}

}
