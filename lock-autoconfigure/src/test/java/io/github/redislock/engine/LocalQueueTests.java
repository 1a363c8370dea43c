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

import io.github.redislock.core.DistributedLock;
import io.github.redislock.core.LockBackoff;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The threads of one client waiting for a lock queue locally, first come first served:
 * only the first of them asks the store, and a releasing thread passes the lock to the
 * next with a fresh lease in one store call, which keeps the lock in the client for as
 * long as no other client waits.
 *
 * @author redis-lock contributors
 */
class LocalQueueTests extends InMemoryLockTestSupport {

	@Test
	void onlyTheFirstWaitingThreadOfAClientAsksTheStore() throws Exception {
		LockBackoff everyTwentyMillis = new LockBackoff(Duration.ofMillis(20), 1.0, Duration.ofMillis(20), 0.0);
		StoreCallCounter crowdCalls = StoreCallCounter.withoutNotificationsOn(this.store);
		DefaultLockClient crowd = newClient(crowdCalls.store(), everyTwentyMillis);
		DistributedLock held = newClient().getLock("crowded");
		assertThat(held.tryLock(Duration.ZERO, LEASE, false)).isTrue();
		Duration wait = Duration.ofMillis(400);
		CountDownLatch start = new CountDownLatch(1);
		List<CompletableFuture<Boolean>> waiters = new ArrayList<>();
		for (int i = 0; i < 8; i++) {
			waiters.add(CompletableFuture.supplyAsync(() -> {
				try {
					start.await();
					return crowd.getLock("crowded").tryLock(wait, LEASE, false);
				}
				catch (InterruptedException ex) {
					throw new IllegalStateException(ex);
				}
			}, (runnable) -> new Thread(runnable).start()));
		}

		start.countDown();

		for (CompletableFuture<Boolean> waiter : waiters) {
			assertThat(waiter.get(10, TimeUnit.SECONDS)).isFalse();
		}
		long oneWaiter = wait.toMillis() / everyTwentyMillis.delay().toMillis();
		// Eight threads polling on their own would make about eight times as many.
		assertThat(crowdCalls.count("tryAcquire")).isBetween(5, (int) oneWaiter * 2);
		held.unlock();
	}

	@Test
	void waitingThreadsOfAClientGetTheLockInTheOrderTheyCame() throws Exception {
		DefaultLockClient client = newClient();
		DistributedLock lock = client.getLock("in-turn");
		lock.lock();
		List<Integer> order = Collections.synchronizedList(new ArrayList<>());
		List<LockingThread> waiters = new ArrayList<>();
		for (int i = 0; i < 5; i++) {
			int id = i;
			LockingThread waiter = LockingThread.passing(client.getLock("in-turn"), (sameLock) -> {
				sameLock.lock();
				return true;
			}, () -> order.add(id));
			awaitBlocked(waiter.thread());
			waiters.add(waiter);
		}

		lock.unlock();

		for (LockingThread waiter : waiters) {
			waiter.awaitDone();
		}
		assertThat(order).containsExactly(0, 1, 2, 3, 4);
	}

	@Test
	void nextWaitingThreadTakesOverInOneStoreCallAndGetsAFreshFencingToken() throws Exception {
		StoreCallCounter calls = StoreCallCounter.on(this.store);
		DefaultLockClient client = newClient(calls.store(), QUICK_BACKOFF);
		DistributedLock lock = client.getLock("passed");
		lock.lock();
		long firstToken = lock.getFencingToken();
		DistributedLock next = client.getLock("passed");
		CompletableFuture<Integer> callsAtAcquisition = new CompletableFuture<>();
		CompletableFuture<Long> nextToken = new CompletableFuture<>();
		LockingThread waiter = LockingThread.passing(next, (sameLock) -> {
			sameLock.lock();
			return true;
		}, () -> {
			callsAtAcquisition.complete(calls.total());
			nextToken.complete(next.getFencingToken());
		});
		awaitBlocked(waiter.thread());
		int callsBefore = calls.total();

		lock.unlock();

		waiter.awaitDone();
		assertThat(callsAtAcquisition.get() - callsBefore).as("store calls from release to acquisition").isOne();
		assertThat(calls.count("reacquire")).isOne();
		assertThat(nextToken.get()).as("a fresh fencing token").isGreaterThan(firstToken);
	}

	@Test
	void lockStaysInTheClientForEveryWaitingThreadWhileNoOtherClientWaits() throws Exception {
		StoreCallCounter calls = StoreCallCounter.on(this.store);
		DefaultLockClient client = newClient(calls.store(), QUICK_BACKOFF);
		DistributedLock lock = client.getLock("kept");
		lock.lock();
		List<LockingThread> waiters = new ArrayList<>();
		for (int i = 0; i < 6; i++) {
			LockingThread waiter = LockingThread.passing(client.getLock("kept"), (sameLock) -> {
				sameLock.lock();
				return true;
			}, () -> {
			});
			awaitBlocked(waiter.thread());
			waiters.add(waiter);
		}

		lock.unlock();

		for (LockingThread waiter : waiters) {
			waiter.awaitDone();
		}
		assertThat(calls.count("reacquire")).as("passed on with a fresh lease").isEqualTo(6);
		assertThat(calls.count("release")).as("released in the store by the last thread only").isOne();
	}

}
