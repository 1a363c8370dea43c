// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.annotation;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;

/**
 * Starts workers on their own threads at one instant, so that they really contend, and
 * waits for all of them, at most two minutes.
 *
 * @author redis-lock contributors
 */
final class ConcurrentWorkers {

	private ConcurrentWorkers() {
	}

	/**
	 * Run one worker per thread and rethrow the first failure.
	 * @param threads how many threads
	 * @param workerForThread the worker of each thread, by thread index
	 */
	static void run(int threads, IntFunction<Worker> workerForThread) throws Exception {
		ExecutorService pool = Executors.newFixedThreadPool(threads);
		CountDownLatch start = new CountDownLatch(1);
		try {
			List<Future<?>> workers = new ArrayList<>();
			for (int t = 0; t < threads; t++) {
				Worker worker = workerForThread.apply(t);
				workers.add(pool.submit(() -> {
					start.await();
					worker.run();
					return null;
				}));
			}
			start.countDown();
			for (Future<?> worker : workers) {
				worker.get(2, TimeUnit.MINUTES);
			}
		}
		finally {
			pool.shutdownNow();
		}
	}

	/**
	 * The work of one thread.
	 */
	@FunctionalInterface
	interface Worker {

		void run() throws Exception;

	}

}
