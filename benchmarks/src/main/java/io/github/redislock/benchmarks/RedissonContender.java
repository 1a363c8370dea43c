// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.benchmarks;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.redisson.Redisson;
import org.redisson.api.RLock;
import org.redisson.api.RedissonClient;
import org.redisson.config.Config;

/**
 * Redisson's {@link RLock} with its default configuration: {@code lock()} (lease kept
 * alive by the watchdog) or {@code tryLock(wait, lease, unit)} (fixed lease, no
 * watchdog).
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
final class RedissonContender implements Contender {

	static final String LOCK_ID = "redisson";

	static final String TRY_ID = "redisson-try";

	private final String id;

	private final RedissonClient redisson;

	/**
	 * Create the contender.
	 * @param port the Redis port
	 * @param tryLock whether to call {@code tryLock(wait, lease, unit)} instead of
	 * {@code lock()}
	 */
	RedissonContender(int port, boolean tryLock) {
		this(port, tryLock, null);
	}

	/**
	 * Create the contender.
	 * @param port the Redis port
	 * @param tryLock whether to call {@code tryLock(wait, lease, unit)} instead of
	 * {@code lock()}
	 * @param watchdogTimeout the lease that {@code lock()} keeps renewed, or {@code null}
	 * for Redisson's default of 30 s
	 */
	RedissonContender(int port, boolean tryLock, Duration watchdogTimeout) {
		this.id = tryLock ? TRY_ID : LOCK_ID;
		Config config = new Config();
		config.useSingleServer().setAddress("redis://" + BenchServer.HOST + ":" + port);
		if (watchdogTimeout != null) {
			config.setLockWatchdogTimeout(watchdogTimeout.toMillis());
		}
		this.redisson = Redisson.create(config);
	}

	@Override
	public String id() {
		return this.id;
	}

	RLock lock(String key) {
		return this.redisson.getLock("bench:" + this.id + ":" + key);
	}

	@Override
	public void locked(String key, Runnable section) throws Exception {
		RLock lock = lock(key);
		if (TRY_ID.equals(this.id)) {
			if (!lock.tryLock(MAX_WAIT.toMillis(), LEASE.toMillis(), TimeUnit.MILLISECONDS)) {
				throw new TimeoutException("Redisson lock '" + key + "' not acquired within " + MAX_WAIT);
			}
		}
		else {
			lock.lock();
		}
		Contender.runHolding(lock, section);
	}

	@Override
	public void close() {
		this.redisson.shutdown(0, 2, TimeUnit.SECONDS);
	}

}
