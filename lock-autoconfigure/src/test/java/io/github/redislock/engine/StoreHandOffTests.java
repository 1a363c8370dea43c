// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.engine;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.redislock.core.DistributedLock;
import io.github.redislock.store.LockStore;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Between clients, a release hands the lock in the store to the client that has waited
 * longest, so that no latecomer can take it first, and the waiter takes it over without
 * asking the store again; a renewed lock is handed over with a short lease.
 *
 * @author redis-lock contributors
 */
class StoreHandOffTests extends InMemoryLockTestSupport {

	@Test
	void releaseHandsTheLockToTheWaitingClientBeforeALatecomerCanTakeIt() throws Exception {
		DistributedLock held = newClient().getLock("queued");
		assertThat(held.tryLock()).isTrue();
		long holderToken = held.getFencingToken();
		StoreCallCounter waiterCalls = StoreCallCounter.on(this.store);
		DistributedLock waited = newClient(waiterCalls.store(), SLOW_BACKOFF).getLock("queued");
		CompletableFuture<Long> waiterToken = new CompletableFuture<>();
		LockingThread waiter = LockingThread.holding(waited, (lock) -> {
			boolean acquired = lock.tryLock(Duration.ofSeconds(10), LEASE, false);
			waiterToken.complete(acquired ? lock.getFencingToken() : 0L);
			return acquired;
		});
		awaitQueuedInStore("queued", 1);
		awaitAnswered(waiterCalls);
		String waiterOwner = this.store.waiters("queued").get(0);
		int waiterAttempts = waiterCalls.count("tryAcquire");

		held.unlock();

		assertThat(this.store.holder("queued")).as("handed over in the store").isEqualTo(waiterOwner);
		assertThat(isFree(newClient().getLock("queued"))).as("a latecomer cannot take it").isFalse();
		assertThat(waiter.acquired()).isTrue();
		assertThat(waiterCalls.count("tryAcquire")).as("attempts of the waiter after the release")
			.isEqualTo(waiterAttempts);
		assertThat(waiterToken.get()).isGreaterThan(holderToken);
		waiter.release();
	}

	@Test
	void waitersOfSeveralClientsGetTheLockInTheOrderTheyQueued() throws Exception {
		DistributedLock held = newClient().getLock("fifo");
		assertThat(held.tryLock()).isTrue();
		List<Integer> order = Collections.synchronizedList(new ArrayList<>());
		List<LockingThread> waiters = new ArrayList<>();
		for (int i = 0; i < 4; i++) {
			int id = i;
			waiters.add(LockingThread.passing(newClient(SLOW_BACKOFF).getLock("fifo"),
					(lock) -> lock.tryLock(Duration.ofSeconds(10), LEASE, false), () -> order.add(id)));
			awaitQueuedInStore("fifo", i + 1);
		}

		held.unlock();

		for (LockingThread waiter : waiters) {
			waiter.awaitDone();
		}
		assertThat(order).containsExactly(0, 1, 2, 3);
	}

	@Test
	void waiterTakesAHandedOverLockWithoutAskingTheStoreAgain() throws Exception {
		DistributedLock held = newClient().getLock("no-retry");
		assertThat(held.tryLock()).isTrue();
		StoreCallCounter calls = StoreCallCounter.on(this.store);
		CompletableFuture<Integer> attemptsAtAcquisition = new CompletableFuture<>();
		LockingThread waiter = LockingThread.passing(newClient(calls.store(), SLOW_BACKOFF).getLock("no-retry"),
				(lock) -> lock.tryLock(Duration.ofSeconds(10), LEASE, false),
				() -> attemptsAtAcquisition.complete(calls.count("tryAcquire")));
		awaitQueuedInStore("no-retry", 1);
		awaitAnswered(calls);
		int attemptsBefore = calls.count("tryAcquire");

		held.unlock();

		assertThat(waiter.acquired()).isTrue();
		assertThat(attemptsAtAcquisition.get()).as("attempts after the release").isEqualTo(attemptsBefore);
		waiter.awaitDone();
	}

	@Test
	void handOffThatArrivesWhileAnAttemptIsOnItsWayIsTakenWithoutAskingAgain() throws Exception {
		DistributedLock held = newClient().getLock("in-flight");
		assertThat(held.tryLock()).isTrue();
		AtomicInteger queueingAttempts = new AtomicInteger();
		CountDownLatch secondOnItsWay = new CountDownLatch(1);
		CountDownLatch answerSecond = new CountDownLatch(1);
		CountDownLatch handOffTold = new CountDownLatch(1);
		// Holds back the answer of the waiter's second queueing attempt, which the store
		// has run, until the waiter was told of the hand-off: that arrives while the
		// attempt is on its way.
		LockStore slowSecondAnswer = InterceptedStore.of(this.store, (method, args, call) -> {
			if (method.equals("subscribe")) {
				LockStore.ReleaseListener listener = (LockStore.ReleaseListener) args[args.length - 1];
				args[args.length - 1] = (LockStore.ReleaseListener) (handOff) -> {
					listener.released(handOff);
					if (handOff != null) {
						handOffTold.countDown();
					}
				};
			}
			Object result = call.proceed();
			if (method.equals("tryAcquire") && args.length > 3 && args[3] != null
					&& queueingAttempts.incrementAndGet() == 2) {
				secondOnItsWay.countDown();
				answerSecond.await(10, TimeUnit.SECONDS);
			}
			return result;
		});
		CompletableFuture<Integer> attemptsAtAcquisition = new CompletableFuture<>();
		LockingThread waiter = LockingThread.passing(newClient(slowSecondAnswer, QUICK_BACKOFF).getLock("in-flight"),
				(lock) -> lock.tryLock(Duration.ofSeconds(10), LEASE, false),
				() -> attemptsAtAcquisition.complete(queueingAttempts.get()));
		assertThat(secondOnItsWay.await(10, TimeUnit.SECONDS)).isTrue();

		held.unlock();
		assertThat(handOffTold.await(10, TimeUnit.SECONDS)).isTrue();
		answerSecond.countDown();

		assertThat(waiter.acquired()).isTrue();
		assertThat(attemptsAtAcquisition.get()).as("queueing attempts when the waiter got the lock").isEqualTo(2);
		waiter.awaitDone();
	}

	/**
	 * The attempt that queued the waiter is seen in the store before its call returns and
	 * is counted.
	 */
	private void awaitAnswered(StoreCallCounter calls) {
		awaiting().until(() -> calls.inProgress("tryAcquire") == 0);
	}

	@Test
	void renewedLockIsHandedOverWithALeaseOfAtMostFiveSeconds() throws Exception {
		DistributedLock held = newClient().getLock("renewed");
		assertThat(held.tryLock()).isTrue();
		DistributedLock waited = newClient(SLOW_BACKOFF).getLock("renewed");
		CompletableFuture<Duration> storeLeaseAtAcquisition = new CompletableFuture<>();
		CompletableFuture<Duration> leaseAtAcquisition = new CompletableFuture<>();
		LockingThread waiter = LockingThread.passing(waited,
				(lock) -> lock.tryLock(Duration.ofSeconds(10), LEASE, true), () -> {
					storeLeaseAtAcquisition.complete(this.store.remainingLease("renewed"));
					leaseAtAcquisition.complete(waited.getRemainingLease());
				});
		awaitQueuedInStore("renewed", 1);

		held.unlock();

		assertThat(waiter.acquired()).isTrue();
		assertThat(storeLeaseAtAcquisition.get()).isPositive().isLessThanOrEqualTo(Duration.ofSeconds(5));
		assertThat(leaseAtAcquisition.get()).isPositive().isLessThanOrEqualTo(Duration.ofSeconds(5));
		waiter.awaitDone();
	}

}
