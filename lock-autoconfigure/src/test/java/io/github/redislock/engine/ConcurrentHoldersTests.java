// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.engine;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.redislock.core.DistributedLock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Many threads of several clients, all queueing, handing over and passing the lock on at
 * once, never hold it together: a read-modify-write of a plain counter under the lock
 * loses no update, and no section sees another running.
 *
 * @author redis-lock contributors
 */
class ConcurrentHoldersTests extends InMemoryLockTestSupport {

	private static final int CLIENTS = 3;

	private static final int THREADS_PER_CLIENT = 4;

	private static final int SECTIONS_PER_THREAD = 150;

	private int counter;

	private final AtomicInteger occupancy = new AtomicInteger();

	private final AtomicInteger maxOccupancy = new AtomicInteger();

	@ParameterizedTest(name = "with up to {0} local hand-offs in a row")
	@ValueSource(ints = { 0, 3 })
	void threadsOfSeveralClientsNeverHoldTheLockTogether(int maxLocalHandoffs) throws Exception {
		List<DefaultLockClient> clients = new ArrayList<>();
		for (int i = 0; i < CLIENTS; i++) {
			DefaultLockClient client = newClient();
			client.setMaxLocalHandoffs(maxLocalHandoffs);
			clients.add(client);
		}
		ExecutorService pool = Executors.newFixedThreadPool(CLIENTS * THREADS_PER_CLIENT);
		try {
			CountDownLatch start = new CountDownLatch(1);
			List<Future<?>> workers = new ArrayList<>();
			for (DefaultLockClient client : clients) {
				for (int t = 0; t < THREADS_PER_CLIENT; t++) {
					workers.add(pool.submit(() -> {
						start.await();
						DistributedLock lock = client.getLock("counter");
						for (int i = 0; i < SECTIONS_PER_THREAD; i++) {
							assertThat(lock.tryLock(Duration.ofSeconds(20), LEASE, false)).isTrue();
							try {
								incrementAlone();
							}
							finally {
								lock.unlock();
							}
						}
						return null;
					}));
				}
			}
			start.countDown();
			for (Future<?> worker : workers) {
				worker.get(30, TimeUnit.SECONDS);
			}
		}
		finally {
			pool.shutdownNow();
		}
		assertThat(this.counter).isEqualTo(CLIENTS * THREADS_PER_CLIENT * SECTIONS_PER_THREAD);
		assertThat(this.maxOccupancy).hasValue(1);
		assertThat(this.lostEvents).isEmpty();
	}

	/**
	 * A read-modify-write with a yield between the read and the write, to invite another
	 * thread in; the occupancy count catches two sections running at once even when no
	 * update happens to be lost.
	 */
	private void incrementAlone() {
		this.maxOccupancy.accumulateAndGet(this.occupancy.incrementAndGet(), Math::max);
		int value = this.counter;
		Thread.yield();
		this.counter = value + 1;
		this.occupancy.decrementAndGet();
	}

}
