// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.engine;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import io.github.redislock.core.DistributedLock;
import io.github.redislock.core.LockLostException;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * A busy lock is waited for no longer than asked, in the store as behind a thread of the
 * same client; a zero wait asks the store once; an interrupt ends an interruptible wait
 * wherever it waits, and leaves the queue; and a waiter gets a lock whose lease ran out.
 *
 * @author redis-lock contributors
 */
class WaitDeadlineTests extends InMemoryLockTestSupport {

	private static final Duration WAIT = Duration.ofSeconds(1);

	@Test
	void zeroWaitOnABusyLockAsksTheStoreOnceWithoutQueueingOrSubscribing() throws Exception {
		DistributedLock held = newClient().getLock("busy");
		assertThat(held.tryLock()).isTrue();
		StoreCallCounter calls = StoreCallCounter.on(this.store);
		DistributedLock lock = newClient(calls.store(), QUICK_BACKOFF).getLock("busy");

		assertThat(lock.tryLock(Duration.ZERO, LEASE, false)).isFalse();
		assertThat(lock.tryLock()).isFalse();

		assertThat(calls.count("tryAcquire")).isEqualTo(2);
		assertThat(calls.total()).isEqualTo(2);
		assertThat(this.store.waiters("busy")).isEmpty();
		held.unlock();
	}

	@Test
	void timedWaitInTheStoreEndsAtItsDeadlineAndLeavesTheQueue() throws Exception {
		DistributedLock held = newClient().getLock("deadline");
		assertThat(held.tryLock()).isTrue();
		DistributedLock lock = newClient(SLOW_BACKOFF).getLock("deadline");
		long started = System.nanoTime();
		LockingThread waiter = LockingThread.holding(lock, (sameLock) -> sameLock.tryLock(WAIT, LEASE, false));
		awaitQueuedInStore("deadline", 1);

		assertThat(waiter.acquired()).isFalse();

		long waitedMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
		assertThat(waitedMillis).isBetween(WAIT.toMillis(), WAIT.toMillis() + 1000);
		assertThat(this.store.waiters("deadline")).as("left the queue").isEmpty();
		assertThat(this.store.subscriberCount()).isZero();
		waiter.awaitDone();
		held.unlock();
	}

	@Test
	void timedWaitBehindAThreadOfTheSameClientEndsAtItsDeadline() throws Exception {
		DefaultLockClient client = newClient();
		DistributedLock held = client.getLock("local-deadline");
		assertThat(held.tryLock()).isTrue();
		long started = System.nanoTime();
		LockingThread waiter = LockingThread.holding(client.getLock("local-deadline"),
				(sameLock) -> sameLock.tryLock(WAIT, LEASE, false));

		assertThat(waiter.acquired()).isFalse();

		long waitedMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
		assertThat(waitedMillis).isBetween(WAIT.toMillis(), WAIT.toMillis() + 1000);
		waiter.awaitDone();
		held.unlock();
	}

	@Test
	void waitEndsWithTheLockAsSoonAsTheHolderReleasesIt() throws Exception {
		DistributedLock held = newClient().getLock("released-soon");
		assertThat(held.tryLock()).isTrue();
		CompletableFuture<Long> acquiredAt = new CompletableFuture<>();
		LockingThread waiter = LockingThread.passing(newClient(SLOW_BACKOFF).getLock("released-soon"),
				(lock) -> lock.tryLock(Duration.ofSeconds(30), LEASE, false),
				() -> acquiredAt.complete(System.nanoTime()));
		awaitQueuedInStore("released-soon", 1);
		long releasedAt = System.nanoTime();

		held.unlock();

		assertThat(waiter.acquired()).isTrue();
		assertThat(TimeUnit.NANOSECONDS.toMillis(acquiredAt.get() - releasedAt))
			.as("woken by the release, not by the %s backoff", SLOW_BACKOFF.delay())
			.isLessThan(2000);
		waiter.awaitDone();
	}

	@Test
	void waiterGetsALockWhoseHoldersLeaseRanOutOnItsNextAttempt() throws Exception {
		DistributedLock held = newClient().getLock("abandoned");
		assertThat(held.tryLock(Duration.ZERO, Duration.ofSeconds(10), false)).isTrue();
		LockingThread waiter = LockingThread.holding(newClient().getLock("abandoned"),
				(lock) -> lock.tryLock(Duration.ofSeconds(30), LEASE, false));
		awaitQueuedInStore("abandoned", 1);

		this.store.advanceClock(Duration.ofSeconds(11));

		assertThat(waiter.acquired()).isTrue();
		assertThatExceptionOfType(LockLostException.class).isThrownBy(held::unlock);
		assertThat(this.lostEvents).hasSize(1);
		waiter.release();
	}

	@Test
	void interruptEndsAWaitInTheStoreAndLeavesTheQueue() throws Exception {
		DistributedLock held = newClient().getLock("interrupted");
		held.lock();
		LockingThread waiter = LockingThread.holding(newClient(SLOW_BACKOFF).getLock("interrupted"), (lock) -> {
			lock.lockInterruptibly();
			return true;
		});
		awaitQueuedInStore("interrupted", 1);

		waiter.thread().interrupt();

		assertThatExceptionOfType(ExecutionException.class).isThrownBy(waiter::acquired)
			.withCauseInstanceOf(InterruptedException.class);
		assertThat(this.store.waiters("interrupted")).isEmpty();
		held.unlock();
		assertThat(this.store.holder("interrupted")).as("released, not handed to the waiter that left").isNull();
	}

	@Test
	void interruptEndsAWaitBehindAThreadOfTheSameClient() throws Exception {
		DefaultLockClient client = newClient();
		DistributedLock held = client.getLock("interrupted-locally");
		held.lock();
		LockingThread waiter = LockingThread.holding(client.getLock("interrupted-locally"), (lock) -> {
			lock.lockInterruptibly();
			return true;
		});
		awaitBlocked(waiter.thread());

		waiter.thread().interrupt();

		assertThatExceptionOfType(ExecutionException.class).isThrownBy(waiter::acquired)
			.withCauseInstanceOf(InterruptedException.class);
		held.unlock();
	}

	@Test
	void interruptBeforeAWaitEndsItBeforeTheStoreIsAsked() {
		StoreCallCounter calls = StoreCallCounter.on(this.store);
		DistributedLock lock = newClient(calls.store(), QUICK_BACKOFF).getLock("interrupted-early");
		Thread.currentThread().interrupt();

		assertThatExceptionOfType(InterruptedException.class)
			.isThrownBy(() -> lock.tryLock(Duration.ofSeconds(1), LEASE, false));

		assertThat(calls.total()).isZero();
		assertThat(Thread.interrupted()).as("the interrupt is consumed, as by any interrupted wait").isFalse();
	}

	@Test
	void tryLockWithoutWaitTakesAFreeLockDespiteAnInterruptAndKeepsIt() {
		DistributedLock lock = newClient().getLock("interrupted-try");
		Thread.currentThread().interrupt();
		try {
			assertThat(lock.tryLock()).isTrue();
			assertThat(Thread.currentThread().isInterrupted()).as("the interrupt is kept").isTrue();
			lock.unlock();
		}
		finally {
			Thread.interrupted();
		}
		assertThat(this.store.holder("interrupted-try")).isNull();
	}

	@Test
	void lockWaitsOnThroughAnInterruptAndReturnsWithTheInterruptSet() throws Exception {
		DistributedLock held = newClient().getLock("uninterruptible");
		held.lock();
		StoreCallCounter waiterCalls = StoreCallCounter.on(this.store);
		CompletableFuture<Boolean> interruptedAtAcquisition = new CompletableFuture<>();
		LockingThread waiter = LockingThread
			.passing(newClient(waiterCalls.store(), SLOW_BACKOFF).getLock("uninterruptible"), (lock) -> {
				lock.lock();
				return true;
			}, () -> interruptedAtAcquisition.complete(Thread.currentThread().isInterrupted()));
		awaitQueuedInStore("uninterruptible", 1);

		waiter.thread().interrupt();

		// The interrupted attempt leaves the queue; the next one queues again.
		awaiting().until(() -> waiterCalls.count("release") == 1);
		awaitQueuedInStore("uninterruptible", 1);
		assertThat(waiter.thread().isAlive()).as("still waiting").isTrue();
		held.unlock();

		assertThat(waiter.acquired()).isTrue();
		assertThat(interruptedAtAcquisition.get()).isTrue();
		waiter.awaitDone();
	}

}
