// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.engine;

import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * The time, timers and threads the engine runs on, and how a caller's thread waits: the
 * system's in production, a deterministic test's own to run the engine on its clock.
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

	/** Runs tasks one at a time in time order; none after shutdown. */
	ScheduledExecutorService timer(String threadName);

	/** For tasks that may block; a name ending in {@code -} is numbered. */
	ExecutorService threads(String threadName, int maxThreads);

	/** As {@link LockSupport#park}, until {@code deadline} at the latest. */
	default void park(Object blocker, long deadline) {
		if (deadline == Deadline.NONE) {
			LockSupport.park(blocker);
			return;
		}
		long remaining = deadline - nanoTime();
		if (remaining > 0) {
			LockSupport.parkNanos(blocker, remaining);
		}
	}

	/** Lets a thread parked by {@link #park} go on, or its next park return at once. */
	default void unpark(Thread thread) {
		LockSupport.unpark(thread);
	}

	/** A caller's thread waits for an answer, as {@link CompletableFuture#get()}. */
	default <T> T await(CompletableFuture<T> answer) throws InterruptedException, ExecutionException {
		return answer.get();
	}

	/** As {@link CompletableFuture#join()}: through interrupts, keeping the flag. */
	default <T> T awaitUninterruptibly(CompletableFuture<T> answer) {
		return answer.join();
	}

}
