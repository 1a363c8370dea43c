// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redis;

import java.time.Duration;

import io.github.redislock.store.LockStore.Queueing;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Under a memory limit with an {@code allkeys-*} policy, Redis may evict a lock's waiters
 * hash and keep its queue. A waiter queueing next makes the hash again: it must get the
 * queue's TTL, or it would outlive every waiter and stay in Redis for good.
 *
 * @author redis-lock contributors
 */
class EvictedWaitersKeepATtlTests extends RedisLockTestSupport {

	private static final Duration LEASE = Duration.ofSeconds(30);

	@Test
	void aWaitersHashMadeAgainAfterItWasEvictedGetsATtl() {
		LockClientInstance instance = instance().start();
		RedisLockStore store = instance.store;
		RedisLockKeys keys = instance.keys;
		assertThat(store.tryAcquire("evicted", "holder:1", LEASE).acquired()).isTrue();
		assertThat(store.tryAcquire("evicted", "first:1", LEASE, new Queueing(Duration.ofMinutes(1), LEASE, 1, false))
			.acquired()).isFalse();
		// What eviction does: the hash goes, the queue stays with its TTL.
		server().command("DEL", keys.waitersKey("evicted"));

		assertThat(store.tryAcquire("evicted", "second:1", LEASE, new Queueing(Duration.ofSeconds(10), LEASE, 1, false))
			.acquired()).isFalse();

		assertThat(pttl(keys.waitersKey("evicted"))).as("TTL of the waiters hash, in ms").isPositive();
		assertThat(pttl(keys.queueKey("evicted"))).as("TTL of the queue, in ms").isPositive();
		assertThat(store.release("evicted", "second:1")).isFalse();
		assertThat(store.release("evicted", "first:1")).isFalse();
		assertThat(store.release("evicted", "holder:1")).isTrue();
	}

	private static long pttl(String key) {
		return ((Number) server().command("PTTL", key)).longValue();
	}

}
