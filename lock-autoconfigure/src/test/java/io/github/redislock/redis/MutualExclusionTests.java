// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redis;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Proves mutual exclusion across application instances: three clients, each with its own
 * connection factory, run thousands of non-atomic read-modify-writes of a counter in
 * Redis under one lock. A lost update or two holders at once would show.
 *
 * @author redis-lock contributors
 */
class MutualExclusionTests extends RedisLockTestSupport {

	private static final int INSTANCES = 3;

	private static final int THREADS_PER_INSTANCE = 16;

	private static final int SECTIONS_PER_THREAD = 130;

	private final List<LockClientInstance> instances = new ArrayList<>();

	@BeforeEach
	void startInstances() {
		for (int i = 0; i < INSTANCES; i++) {
			this.instances.add(instance().start());
		}
	}

	@Test
	void readModifyWriteUnderTheLockFromThreeInstancesEndsExact() throws Exception {
		CounterWorkload workload = new CounterWorkload("test:counter", "counter", THREADS_PER_INSTANCE,
				SECTIONS_PER_THREAD);
		int maxOccupancy = workload.run(this.instances);
		int expected = workload.expectedCount(INSTANCES);
		assertThat(expected).isGreaterThanOrEqualTo(6000);
		assertThat(this.instances.get(0).redis.opsForValue().get("test:counter")).isEqualTo(Integer.toString(expected));
		assertThat(maxOccupancy).isEqualTo(1);
		assertThat(lockKeys()).isEmpty();
	}

	@Test
	void sameReadModifyWriteWithoutTheLockLosesUpdates() throws Exception {
		String counterKey = "test:unlocked-counter";
		LockClientInstance instance = this.instances.get(0);
		instance.redis.opsForValue().set(counterKey, "0");
		ExecutorService pool = Executors.newFixedThreadPool(THREADS_PER_INSTANCE);
		try {
			List<Future<?>> futures = new ArrayList<>();
			for (int t = 0; t < THREADS_PER_INSTANCE; t++) {
				futures.add(pool.submit(() -> {
					for (int i = 0; i < SECTIONS_PER_THREAD; i++) {
						String value = instance.redis.opsForValue().get(counterKey);
						instance.redis.opsForValue().set(counterKey, Integer.toString(Integer.parseInt(value) + 1));
					}
					return null;
				}));
			}
			for (Future<?> future : futures) {
				future.get(1, TimeUnit.MINUTES);
			}
		}
		finally {
			pool.shutdownNow();
		}
		// The control experiment: the same work without the lock must race, or the test
		// above would prove nothing.
		assertThat(Integer.parseInt(instance.redis.opsForValue().get(counterKey)))
			.isLessThan(THREADS_PER_INSTANCE * SECTIONS_PER_THREAD);
	}

}
