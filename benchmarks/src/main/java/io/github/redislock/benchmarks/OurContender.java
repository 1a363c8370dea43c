// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.benchmarks;

import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.LongAdder;

import io.github.redislock.core.DistributedLock;
import io.github.redislock.core.LockBackoff;
import io.github.redislock.engine.DefaultLockClient;
import io.github.redislock.redis.RedisLockStore;

import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * This project's engine through its programmatic API: a {@link DefaultLockClient} over a
 * {@link RedisLockStore}, wired by hand as the auto-configuration would, with the
 * defaults of {@code redis-lock.*} (30 s lease, renewal on, 50 ms backoff).
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
final class OurContender implements Contender {

	static final String LOCK_ID = "ours";

	static final String TRY_ID = "ours-try";

	static final String HANDOFF_ID = "ours-handoff";

	/**
	 * How many times in a row {@link #HANDOFF_ID} passes a lock to the next local waiter
	 * without a round trip.
	 */
	static final int MAX_LOCAL_HANDOFFS = 8;

	private final String id;

	private final LettuceConnectionFactory connectionFactory;

	private final RedisLockStore store;

	private final DefaultLockClient client;

	private final LongAdder lostLeases = new LongAdder();

	/**
	 * Create the contender.
	 * @param port the Redis port
	 * @param id {@link #LOCK_ID} for {@code lock()}, {@link #TRY_ID} for
	 * {@code tryLock(wait, lease, false)} (a fixed lease without renewal, like the raw
	 * baseline), {@link #HANDOFF_ID} for {@code lock()} with local hand-off
	 */
	OurContender(int port, String id) {
		this.id = id;
		this.connectionFactory = new LettuceConnectionFactory(new RedisStandaloneConfiguration(BenchServer.HOST, port));
		this.connectionFactory.afterPropertiesSet();
		this.connectionFactory.start();
		StringRedisTemplate template = new StringRedisTemplate(this.connectionFactory);
		this.store = new RedisLockStore(template, "bench:" + this.id + ":");
		this.client = new DefaultLockClient(this.store, LEASE, true, LockBackoff.DEFAULT,
				(event) -> this.lostLeases.increment());
		if (HANDOFF_ID.equals(id)) {
			this.client.setMaxLocalHandoffs(MAX_LOCAL_HANDOFFS);
		}
	}

	@Override
	public String id() {
		return this.id;
	}

	DefaultLockClient client() {
		return this.client;
	}

	String redisKey(String name) {
		return this.store.lockKey(name);
	}

	long lostLeases() {
		return this.lostLeases.sum();
	}

	@Override
	public void locked(String key, Runnable section) throws Exception {
		DistributedLock lock = this.client.getLock(key);
		if (TRY_ID.equals(this.id)) {
			if (!lock.tryLock(MAX_WAIT, LEASE, false)) {
				throw new TimeoutException("Lock '" + key + "' not acquired within " + MAX_WAIT);
			}
		}
		else {
			lock.lock();
		}
		Contender.runHolding(lock, section);
	}

	@Override
	public void close() {
		this.client.close();
		this.store.close();
		this.connectionFactory.destroy();
	}

}
