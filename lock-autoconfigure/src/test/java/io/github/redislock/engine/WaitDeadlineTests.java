// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.engine;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

import io.github.redislock.core.DistributedLock;
import io.github.redislock.core.LockDefinition;
import io.github.redislock.core.LockLease;
import io.github.redislock.core.LockLostException;
import io.github.redislock.core.LockStoreException;
import io.github.redislock.store.LockHolder;
import io.github.redislock.store.LockStore;
import io.github.redislock.test.InMemoryLockStore;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * A busy lock is waited for no longer than asked, in the store as behind a thread of the
 * same client, also on a store whose calls block while other locks' attempts hang in it,
 * nor for leaving the queue after an answer that came past the deadline; a zero wait asks
 * the store once; an interrupt ends an interruptible wait wherever it waits, and leaves
 * the queue, without waiting for the take-back of an attempt that failed meanwhile; and a
 * waiter gets a lock whose lease ran out.
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
		awaiting().until(() -> this.store.waiters("deadline").isEmpty());
		assertThat(this.store.subscriberCount()).isZero();
		waiter.awaitDone();
		held.unlock();
	}

	@Test
	void waitWhoseLastAnswerComesAfterItsDeadlineEndsWithThatAnswerAndLeavesTheQueueAfterwards() throws Exception {
		DistributedLock held = newClient().getLock("answered-late");
		assertThat(held.tryLock()).isTrue();
		AtomicLong firstAttemptAt = new AtomicLong();
		CountDownLatch letGiveBackThrough = new CountDownLatch(1);
		// The waiter's first queueing attempt is answered only after its wait has run out
		// (its deadline is at most WAIT after its first attempt), and its giving back of
		// the queue place is held until the test lets it through.
		LockStore lateAnswers = InterceptedStore.of(this.store, (method, args, call) -> {
			if (method.equals("release")) {
				letGiveBackThrough.await(10, TimeUnit.SECONDS);
			}
			Object result = call.proceed();
			if (method.equals("tryAcquire")) {
				firstAttemptAt.compareAndSet(0, System.nanoTime());
				if (args.length > 3 && args[3] != null) {
					LockSupport.parkNanos(firstAttemptAt.get() + WAIT.toNanos() + 100_000_000 - System.nanoTime());
				}
			}
			return result;
		});
		LockingThread waiter = LockingThread.holding(newClient(lateAnswers, QUICK_BACKOFF).getLock("answered-late"),
				(lock) -> lock.tryLock(WAIT, LEASE, false));

		assertThat(waiter.acquired()).isFalse();
		boolean gaveBackBeforeAnswering = letGiveBackThrough.getCount() == 0;

		letGiveBackThrough.countDown();
		awaiting().until(() -> this.store.waiters("answered-late").isEmpty());
		assertThat(gaveBackBeforeAnswering).as("waited for its queue place to be given back").isFalse();
		waiter.awaitDone();
		held.unlock();
	}

	@Test
	void timedWaitOnAStoreWhoseCallsBlockEndsAtItsDeadlineWhileOtherLocksAttemptsHangInTheStore() throws Exception {
		CountDownLatch hang = new CountDownLatch(1);
		InMemoryLockStore store = track(new InMemoryLockStore() {

			@Override
			public AcquireResult tryAcquire(String name, String ownerToken, Duration leaseTime,
					@Nullable Queueing queueing, LockHolder by) {
				hangIfAskedFor(name);
				return super.tryAcquire(name, ownerToken, leaseTime, queueing, by);
			}

			private void hangIfAskedFor(String name) {
				if (name.startsWith("hanging")) {
					try {
						hang.await(20, TimeUnit.SECONDS);
					}
					catch (InterruptedException ex) {
						Thread.currentThread().interrupt();
					}
				}
			}

		});
		DistributedLock held = newClient(store, QUICK_BACKOFF).getLock("busy");
		assertThat(held.tryLock()).isTrue();
		DefaultLockClient client = newClient(store, QUICK_BACKOFF);
		// Asynchronous holders' attempts take every thread the client makes blocking
		// calls on for them, and more wait for one.
		List<CompletableFuture<Optional<LockLease>>> hanging = new ArrayList<>();
		for (int i = 0; i <= Math.max(2, Runtime.getRuntime().availableProcessors()); i++) {
			hanging.add(client.tryAcquireAsync(LockDefinition.of("hanging-" + i, LEASE, Duration.ZERO)));
		}
		long started = System.nanoTime();
		LockingThread waiter = LockingThread.holding(client.getLock("busy"),
				(lock) -> lock.tryLock(WAIT, LEASE, false));

		assertThat(waiter.acquired()).isFalse();

		long waitedMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
		// Far below the 20 s the other locks' attempts hang for.
		assertThat(waitedMillis).isBetween(WAIT.toMillis(), WAIT.toMillis() + 5000);
		awaiting().until(() -> store.waiters("busy").isEmpty());
		hang.countDown();
		for (CompletableFuture<Optional<LockLease>> acquisition : hanging) {
			acquisition.get(10, TimeUnit.SECONDS)
				.orElseThrow()
				.release()
				.toCompletableFuture()
				.get(10, TimeUnit.SECONDS);
		}
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
	void interruptWhileAnAttemptIsOnItsWayEndsTheWaitWhenTheAttemptFailsWithoutWaitingForItsTakeBack()
			throws Exception {
		DistributedLock held = newClient().getLock("cut-short");
		held.lock();
		CountDownLatch attemptSent = new CountDownLatch(1);
		CompletableFuture<Void> attemptFails = new CompletableFuture<>();
		CompletableFuture<Void> takeBackAnswered = new CompletableFuture<>();
		AtomicReference<String> failingToken = new AtomicReference<>();
		LockStore store = (LockStore) Proxy.newProxyInstance(LockStore.class.getClassLoader(),
				new Class<?>[] { LockStore.class }, (proxy, method, args) -> {
					if (method.getName().equals("tryAcquire") && args.length == 5 && args[3] != null) {
						// A queued attempt: it hangs, then fails, as one timing out does.
						failingToken.set((String) args[1]);
						attemptSent.countDown();
						attemptFails.get(10, TimeUnit.SECONDS);
						throw new LockStoreException("cut-short", "Command timed out");
					}
					if (method.getName().equals("release") && args[1].equals(failingToken.get())) {
						// Its take-back hangs too, until the test ends.
						takeBackAnswered.get(10, TimeUnit.SECONDS);
					}
					try {
						return method.invoke(this.store, args);
					}
					catch (InvocationTargetException ex) {
						throw ex.getCause();
					}
				});
		LockingThread waiter = LockingThread.holding(newClient(store, QUICK_BACKOFF).getLock("cut-short"), (lock) -> {
			lock.lockInterruptibly();
			return true;
		});
		assertThat(attemptSent.await(10, TimeUnit.SECONDS)).isTrue();
		waiter.thread().interrupt();

		attemptFails.complete(null);

		assertThatExceptionOfType(ExecutionException.class).isThrownBy(waiter::acquired)
			.withCauseInstanceOf(InterruptedException.class);
		assertThat(takeBackAnswered).as("the take-back the waiter did not wait for").isNotDone();
		takeBackAnswered.complete(null);
		held.unlock();
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
