// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redis;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.redislock.core.DistributedLock;

/**
 * The mutual exclusion workload: threads of several instances increment a counter in
 * Redis with a non-atomic GET then SET, each under the lock. Any overlap of two holders
 * loses an update, and the occupancy counter records the most holders seen at once.
 *
 * @param counterKey the Redis key of the counter
 * @param lockName the lock guarding it
 * @param threadsPerInstance threads run by each instance
 * @param sectionsPerThread increments made by each thread
 * @author redis-lock contributors
 */
record CounterWorkload(String counterKey, String lockName, int threadsPerInstance, int sectionsPerThread) {

	/**
	 * Run the workload, bounded to three minutes.
	 * @param instances the instances whose threads take part
	 * @return the most holders seen inside the critical section at once
	 */
	int run(List<LockClientInstance> instances) throws Exception {
		instances.get(0).redis.opsForValue().set(this.counterKey, "0");
		AtomicInteger occupancy = new AtomicInteger();
		AtomicInteger maxOccupancy = new AtomicInteger();
		ExecutorService pool = Executors.newFixedThreadPool(instances.size() * this.threadsPerInstance);
		try {
			List<Future<?>> futures = new ArrayList<>();
			for (LockClientInstance instance : instances) {
				for (int t = 0; t < this.threadsPerInstance; t++) {
					futures.add(pool.submit(() -> {
						DistributedLock lock = instance.client.getLock(this.lockName);
						for (int i = 0; i < this.sectionsPerThread; i++) {
							lock.lock();
							try {
								maxOccupancy.accumulateAndGet(occupancy.incrementAndGet(), Math::max);
								int value = Integer.parseInt(instance.redis.opsForValue().get(this.counterKey));
								instance.redis.opsForValue().set(this.counterKey, Integer.toString(value + 1));
								occupancy.decrementAndGet();
							}
							finally {
								lock.unlock();
							}
						}
						return null;
					}));
				}
			}
			for (Future<?> future : futures) {
				future.get(3, TimeUnit.MINUTES);
			}
		}
		finally {
			pool.shutdownNow();
		}
		return maxOccupancy.get();
	}

	int expectedCount(int instances) {
		return instances * this.threadsPerInstance * this.sectionsPerThread;
	}

}
