// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redis;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import io.github.redislock.core.DistributedLock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Threads of one instance that take and release one lock again and again, as a hot lock's
 * callers do, for a bounded number of times and a bounded time.
 *
 * @author redis-lock contributors
 */
public final class LockHammer implements AutoCloseable {

	private static final long MAX_TAKES_PER_THREAD = 1_000_000;

	private static final Duration MAX_RUN = Duration.ofSeconds(90);

	private final AtomicBoolean stop = new AtomicBoolean();

	private final AtomicLong takes = new AtomicLong();

	private final AtomicReference<Throwable> failure = new AtomicReference<>();

	private final List<Thread> threads = new ArrayList<>();

	private LockHammer() {
	}

	/**
	 * Start the given number of threads, each taking the lock with a long wait and
	 * releasing it at once, and wait until they took it a few times.
	 * @param lock the lock, of the hammering instance
	 * @param threads how many threads
	 * @return the running hammer, to close
	 */
	public static LockHammer start(DistributedLock lock, int threads) {
		LockHammer hammer = new LockHammer();
		long deadline = System.nanoTime() + MAX_RUN.toNanos();
		for (int i = 0; i < threads; i++) {
			Thread thread = new Thread(() -> hammer.run(lock, deadline), "hammer-" + i);
			thread.setDaemon(true);
			hammer.threads.add(thread);
			thread.start();
		}
		hammer.awaitTakes(100);
		return hammer;
	}

	private void run(DistributedLock lock, long deadline) {
		try {
			for (long i = 0; i < MAX_TAKES_PER_THREAD && !this.stop.get() && System.nanoTime() - deadline < 0; i++) {
				if (lock.tryLock(Duration.ofSeconds(30), Duration.ofSeconds(30), false)) {
					this.takes.incrementAndGet();
					lock.unlock();
				}
			}
		}
		catch (Throwable ex) {
			this.failure.compareAndSet(null, ex);
		}
	}

	/**
	 * Wait until the threads took the lock so many more times.
	 * @param more how many more takes
	 */
	public void awaitTakes(long more) {
		long target = this.takes.get() + more;
		await().atMost(Duration.ofSeconds(30)).until(() -> this.takes.get() >= target || this.failure.get() != null);
		assertThat(this.failure.get()).as("hammering thread failure").isNull();
	}

	/**
	 * Return how many times the threads took the lock so far.
	 * @return the takes
	 */
	public long takes() {
		return this.takes.get();
	}

	@Override
	public void close() throws InterruptedException {
		this.stop.set(true);
		for (Thread thread : this.threads) {
			thread.join(Duration.ofSeconds(40).toMillis());
			assertThat(thread.isAlive()).as(thread.getName() + " still running").isFalse();
		}
		assertThat(this.failure.get()).as("hammering thread failure").isNull();
	}

}
