// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.engine;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A thread waiting in the local queue parks through the {@link EngineRuntime} and times
 * its wait by the runtime's clock, so that a runtime of its own (a simulation's) decides
 * when it wakes and when its wait is over.
 *
 * @author redis-lock contributors
 */
class LocalLockTests {

	private static final long TEN_MINUTES = Duration.ofMinutes(10).toNanos();

	private final AtomicLong clock = new AtomicLong();

	private final AtomicLong unparks = new AtomicLong();

	private final EngineRuntime runtime = new EngineRuntime() {

		@Override
		public long nanoTime() {
			return LocalLockTests.this.clock.get();
		}

		@Override
		public Instant now() {
			return Instant.EPOCH.plusNanos(LocalLockTests.this.clock.get());
		}

		@Override
		public ScheduledExecutorService timer(String threadName) {
			return EngineRuntime.SYSTEM.timer(threadName);
		}

		@Override
		public ExecutorService threads(String threadName, int maxThreads) {
			return EngineRuntime.SYSTEM.threads(threadName, maxThreads);
		}

		@Override
		public void unpark(Thread thread) {
			LocalLockTests.this.unparks.incrementAndGet();
			EngineRuntime.super.unpark(thread);
		}

	};

	@Test
	void aTimedWaitEndsWhenTheRuntimesClockPassesItsDeadline() throws Exception {
		LocalLock lock = new LocalLock(() -> false, this.runtime);
		assertThat(lock.tryLock()).isTrue();
		AtomicReference<Thread> waiter = new AtomicReference<>();
		CompletableFuture<Boolean> waited = wait(lock, waiter);
		awaitQueued(lock);

		// Ten minutes by the runtime's clock, none by the system's.
		this.clock.set(TEN_MINUTES);
		this.runtime.unpark(waiter.get());

		assertThat(waited.get(10, TimeUnit.SECONDS)).isFalse();
		assertThat(lock.hasQueuedThreads()).isFalse();
		assertThat(lock.isHeldByCurrentThread()).isTrue();
	}

	@Test
	void anUnlockWakesTheQueuedThreadThroughTheRuntime() throws Exception {
		LocalLock lock = new LocalLock(() -> false, this.runtime);
		assertThat(lock.tryLock()).isTrue();
		AtomicReference<Thread> waiter = new AtomicReference<>();
		CompletableFuture<Boolean> waited = wait(lock, waiter);
		awaitQueued(lock);
		long before = this.unparks.get();

		lock.unlock();

		assertThat(waited.get(10, TimeUnit.SECONDS)).isTrue();
		assertThat(this.unparks.get()).isEqualTo(before + 1);
		assertThat(lock.owner()).isEqualTo(waiter.get());
	}

	/** Waits until ten minutes by the runtime's clock; the thread keeps the lock. */
	private CompletableFuture<Boolean> wait(LocalLock lock, AtomicReference<Thread> waiter) {
		CompletableFuture<Boolean> waited = new CompletableFuture<>();
		Thread thread = new Thread(() -> {
			try {
				waited.complete(lock.tryLockUntil(TEN_MINUTES));
			}
			catch (Throwable ex) {
				waited.completeExceptionally(ex);
			}
		});
		waiter.set(thread);
		thread.setDaemon(true);
		thread.start();
		return waited;
	}

	private static void awaitQueued(LocalLock lock) throws InterruptedException {
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
		while (!lock.hasQueuedThreads() && System.nanoTime() - deadline < 0) {
			Thread.sleep(1);
		}
		assertThat(lock.hasQueuedThreads()).as("the waiter queued").isTrue();
	}

}
