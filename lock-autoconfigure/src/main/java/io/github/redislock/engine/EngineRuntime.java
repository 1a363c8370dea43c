// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.engine;

import java.time.Instant;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The time, timers and threads the engine runs on: the system's in production, so that a
 * deterministic test can give its own and run the whole engine on one thread, moving time
 * itself.
 *
 * @author redis-lock contributors
 */
interface EngineRuntime {

	/** Daemon threads, and the system's monotonic and wall clocks. */
	EngineRuntime SYSTEM = new EngineRuntime() {

		@Override
		public long nanoTime() {
			return System.nanoTime();
		}

		@Override
		public Instant now() {
			return Instant.now();
		}

		@Override
		public ScheduledExecutorService timer(String threadName) {
			ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1, daemonThreads(threadName));
			timer.setRemoveOnCancelPolicy(true);
			timer.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
			timer.setKeepAliveTime(10, TimeUnit.SECONDS);
			timer.allowCoreThreadTimeOut(true);
			return timer;
		}

		@Override
		public ExecutorService threads(String threadName, int maxThreads) {
			if (maxThreads == Integer.MAX_VALUE) {
				// Reuses idle threads before it starts new ones.
				return new ThreadPoolExecutor(0, Integer.MAX_VALUE, 60, TimeUnit.SECONDS, new SynchronousQueue<>(),
						daemonThreads(threadName));
			}
			ThreadPoolExecutor pool = new ThreadPoolExecutor(maxThreads, maxThreads, 10, TimeUnit.SECONDS,
					new LinkedBlockingQueue<>(), daemonThreads(threadName));
			pool.allowCoreThreadTimeOut(true);
			return pool;
		}

		private static ThreadFactory daemonThreads(String name) {
			AtomicInteger count = new AtomicInteger();
			return (runnable) -> {
				Thread thread = new Thread(runnable, name.endsWith("-") ? name + count.incrementAndGet() : name);
				thread.setDaemon(true);
				return thread;
			};
		}

	};

	/** Monotonic time for leases, deadlines and backoff, as {@link System#nanoTime()}. */
	long nanoTime();

	/** Wall-clock time, only for what operators read (when a lock was acquired). */
	Instant now();

	/**
	 * A new timer whose tasks run one at a time in time order; cancelled tasks are
	 * dropped, and none runs after shutdown.
	 * @param threadName the name of its thread, where it has one
	 */
	ScheduledExecutorService timer(String threadName);

	/**
	 * New threads for tasks that may block, at most {@code maxThreads} at once, further
	 * tasks queued ({@link Integer#MAX_VALUE}: as many as tasks).
	 * @param threadName the name of each thread, numbered when it ends with {@code -}
	 */
	ExecutorService threads(String threadName, int maxThreads);

}
