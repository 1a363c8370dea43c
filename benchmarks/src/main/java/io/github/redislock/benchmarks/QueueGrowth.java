// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.benchmarks;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.lettuce.core.api.sync.RedisCommands;

import io.github.redislock.redis.RedisLockStore;
import io.github.redislock.store.LockStore.Queueing;

/**
 * How the server time of the queue's operations grows with the number of processes queued
 * for one lock. The waiters are owner tokens queued straight through the store, as many
 * processes would queue them, each with a place valid for minutes; every sample keeps the
 * queue at its size: a release hands the lock to the head, a new waiter queues, and one
 * from the middle leaves. A separate setup fills the queue with places that ran out ahead
 * of one live waiter and measures the release that meets them.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
final class QueueGrowth {

	static final List<Integer> SIZES = List.of(10, 100, 1_000, 10_000);

	static final List<String> OPERATIONS = List.of("release, handing the lock to the head",
			"acquire, queueing behind the others", "a waiter leaving the middle of the queue",
			"release meeting only places that ran out, then a live waiter");

	private static final Duration LEASE = Duration.ofMinutes(10);

	private static final Duration PLACE = Duration.ofMinutes(10);

	private static final String PREFIX = "growth:";

	private final RedisLockStore store;

	private final RedisCommands<String, String> redis;

	private final ServerTime serverTime;

	private final int samples;

	QueueGrowth(RedisLockStore store, RedisCommands<String, String> redis, int samples) {
		this.store = store;
		this.redis = redis;
		this.serverTime = new ServerTime(redis);
		this.samples = samples;
	}

	/**
	 * Measure each operation at each queue size.
	 * @return the median server time in microseconds, by operation, in the order of
	 * {@link #SIZES}
	 */
	Map<String, List<Double>> run() {
		Map<String, List<Double>> medians = new java.util.LinkedHashMap<>();
		OPERATIONS.forEach((operation) -> medians.put(operation, new ArrayList<>()));
		for (int size : SIZES) {
			List<List<Double>> times = steadyQueue(size);
			for (int i = 0; i < 3; i++) {
				medians.get(OPERATIONS.get(i)).add(Stats.median(times.get(i)));
			}
			medians.get(OPERATIONS.get(3)).add(Stats.median(ranOutPlaces(size)));
			CostGrowthMain.progress("queue " + size);
		}
		return medians;
	}

	private List<List<Double>> steadyQueue(int size) {
		String name = "queue:" + size;
		List<String> waiting = new ArrayList<>();
		int next = 0;
		require(this.store.tryAcquire(name, "holder", LEASE).acquired(), "holder");
		for (; next < size; next++) {
			queue(name, "waiter-" + next, PLACE);
			waiting.add("waiter-" + next);
		}
		List<Double> releases = new ArrayList<>();
		List<Double> acquires = new ArrayList<>();
		List<Double> leaves = new ArrayList<>();
		String holder = "holder";
		for (int sample = 0; sample < this.samples; sample++) {
			String releasing = holder;
			releases.add(this.serverTime.of(() -> require(this.store.release(name, releasing), "release")));
			holder = waiting.remove(0);
			require(holderOf(name).startsWith(holder + " "), "hand-off to " + holder);
			String arriving = "waiter-" + next++;
			acquires.add(this.serverTime.of(() -> queue(name, arriving, PLACE)));
			waiting.add(arriving);
			String leaving = waiting.remove(waiting.size() / 2);
			leaves.add(this.serverTime.of(() -> require(!this.store.release(name, leaving), "leave")));
			String replacing = "waiter-" + next++;
			queue(name, replacing, PLACE);
			waiting.add(replacing);
		}
		delete(name);
		return List.of(releases, acquires, leaves);
	}

	private List<Double> ranOutPlaces(int size) {
		List<Double> releases = new ArrayList<>();
		int rounds = Math.max(3, this.samples / 10);
		for (int round = 0; round < rounds; round++) {
			String name = "ran-out:" + size + ":" + round;
			require(this.store.tryAcquire(name, "holder", LEASE).acquired(), "holder");
			// Queued first, so that the queue outlives the places that run out.
			queue(name, "keeper", PLACE);
			for (int i = 0; i < size; i++) {
				queue(name, "gone-" + i, Duration.ofMillis(1));
			}
			long ranOutAt = serverMillis() + 5;
			while (serverMillis() <= ranOutAt) {
				Thread.onSpinWait();
			}
			require(!this.store.release(name, "keeper"), "keeper leaves");
			queue(name, "live", PLACE);
			releases.add(this.serverTime.of(() -> require(this.store.release(name, "holder"), "release")));
			delete(name);
		}
		return releases;
	}

	private void queue(String name, String owner, Duration place) {
		require(!this.store.tryAcquire(name, owner, LEASE, new Queueing(place, LEASE, 1, false)).acquired(),
				owner + " queued");
	}

	private String holderOf(String name) {
		String value = this.redis.get(this.store.lockKey(name));
		return (value != null) ? value : "";
	}

	private void delete(String name) {
		String lockKey = this.store.lockKey(name);
		this.redis.del(lockKey, lockKey + ":waiters", lockKey + ":queue");
	}

	private long serverMillis() {
		List<String> time = this.redis.time();
		return Long.parseLong(time.get(0)) * 1000 + Long.parseLong(time.get(1)) / 1000;
	}

	static String prefix() {
		return PREFIX;
	}

	private static void require(boolean condition, String what) {
		if (!condition) {
			throw new IllegalStateException("Unexpected outcome: " + what);
		}
	}

}
