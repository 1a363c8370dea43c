// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.benchmarks;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.lettuce.core.api.sync.RedisCommands;

import io.github.redislock.core.DistributedLock;
import io.github.redislock.engine.DefaultLockClient;

/**
 * What one client keeps, in its heap and in Redis, for the lock names it used and for the
 * locks it holds. Eight threads lock and unlock distinct names, one in ten asking for a
 * fencing token, and at each checkpoint the heap is measured after a full collection,
 * with Redis's memory and key count. Then one thread holds many locks at once, with
 * renewal, and the same is measured per held lock.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
final class NameGrowth {

	static final List<Integer> CHECKPOINTS = List.of(1_000, 10_000, 100_000, 1_000_000);

	static final int HELD = 10_000;

	private static final int THREADS = 8;

	private static final Duration LEASE = Duration.ofSeconds(30);

	private final DefaultLockClient client;

	private final RedisCommands<String, String> redis;

	private final MemoryMXBean memory = ManagementFactory.getMemoryMXBean();

	NameGrowth(DefaultLockClient client, RedisCommands<String, String> redis) {
		this.client = client;
		this.redis = redis;
	}

	/**
	 * Use ever more names, and measure what is left at each checkpoint.
	 * @param limit the largest checkpoint to reach
	 * @return by checkpoint: heap bytes kept, Redis bytes kept, Redis keys
	 */
	Map<Integer, long[]> names(int limit) throws Exception {
		Map<Integer, long[]> kept = new LinkedHashMap<>();
		long heapBefore = heapAfterCollection();
		long redisBefore = redisMemory();
		AtomicInteger next = new AtomicInteger();
		ExecutorService threads = Executors.newFixedThreadPool(THREADS);
		try {
			for (int checkpoint : CHECKPOINTS) {
				if (checkpoint > limit) {
					break;
				}
				List<Future<?>> work = new ArrayList<>();
				for (int t = 0; t < THREADS; t++) {
					work.add(threads.submit(() -> {
						for (int i = next.getAndIncrement(); i < checkpoint; i = next.getAndIncrement()) {
							DistributedLock lock = this.client.getLock("name:" + i);
							if (!lock.tryLock(Duration.ofSeconds(10), LEASE, true)) {
								throw new IllegalStateException("Not acquired: name:" + i);
							}
							try {
								if (i % 10 == 0) {
									lock.getFencingToken();
								}
							}
							finally {
								lock.unlock();
							}
						}
						return null;
					}));
				}
				for (Future<?> done : work) {
					done.get(30, TimeUnit.MINUTES);
				}
				next.set(checkpoint);
				kept.put(checkpoint, new long[] { heapAfterCollection() - heapBefore, redisMemory() - redisBefore,
						this.redis.dbsize() });
				CostGrowthMain.progress("names " + checkpoint);
			}
		}
		finally {
			threads.shutdownNow();
		}
		return kept;
	}

	/**
	 * Hold many locks at once from one thread, and measure what each costs.
	 * @return heap bytes and Redis bytes per held lock, then heap bytes left after all
	 * were released
	 */
	double[] held() throws InterruptedException {
		long heapBefore = heapAfterCollection();
		long redisBefore = redisMemory();
		List<DistributedLock> locks = new ArrayList<>(HELD);
		for (int i = 0; i < HELD; i++) {
			DistributedLock lock = this.client.getLock("held:" + i);
			if (!lock.tryLock(Duration.ofSeconds(10), LEASE, true)) {
				throw new IllegalStateException("Not acquired: held:" + i);
			}
			locks.add(lock);
		}
		double heapPerLock = (double) (heapAfterCollection() - heapBefore) / HELD;
		double redisPerLock = (double) (redisMemory() - redisBefore) / HELD;
		locks.forEach(DistributedLock::unlock);
		locks.clear();
		return new double[] { heapPerLock, redisPerLock, heapAfterCollection() - heapBefore };
	}

	private long heapAfterCollection() {
		for (int i = 0; i < 3; i++) {
			System.gc();
		}
		return this.memory.getHeapMemoryUsage().getUsed();
	}

	private long redisMemory() {
		for (String line : this.redis.info("memory").split("\r?\n")) {
			if (line.startsWith("used_memory:")) {
				return Long.parseLong(line.substring("used_memory:".length()).trim());
			}
		}
		throw new IllegalStateException("No used_memory in INFO memory");
	}

}
