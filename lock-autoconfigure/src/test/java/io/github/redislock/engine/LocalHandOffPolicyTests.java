// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.engine;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import io.github.redislock.core.DistributedLock;
import io.github.redislock.core.LockStoreException;
import io.github.redislock.store.LockStore;
import io.github.redislock.test.InMemoryLockStore;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * How a releasing thread passes the lock to the next thread of its client: as it is, with
 * no store call and the same fencing token, up to
 * {@link DefaultLockClient#setMaxLocalHandoffs the limit}; then with a fresh lease; and
 * while another client waits, for a few turns only, after which the store hands the lock
 * to that client.
 *
 * @author redis-lock contributors
 */
class LocalHandOffPolicyTests extends InMemoryLockTestSupport {

	@Test
	void handOffPassesTheHoldWithoutAStoreCallAndWithItsFencingTokenUpToTheLimit() throws Exception {
		StoreCallCounter calls = StoreCallCounter.on(this.store);
		DefaultLockClient client = newClient(calls.store(), QUICK_BACKOFF);
		client.setMaxLocalHandoffs(1);
		DistributedLock lock = client.getLock("handed");
		lock.lock();
		long firstToken = lock.getFencingToken();
		Holder second = Holder.waitFor(client.getLock("handed"), calls);
		int callsBefore = calls.total();

		lock.unlock();

		assertThat(second.acquired.get()).isTrue();
		assertThat(second.callsAtAcquisition.get() - callsBefore).as("store calls of the hand-off").isZero();
		assertThat(second.fencingToken.get()).as("the same acquisition").isEqualTo(firstToken);
		Holder third = Holder.waitFor(client.getLock("handed"), calls);
		second.thread.release();
		assertThat(third.acquired.get()).isTrue();
		assertThat(third.fencingToken.get()).as("past the limit, a fresh lease").isGreaterThan(firstToken);
		assertThat(calls.count("reacquire")).isOne();
		third.thread.release();
	}

	@Test
	void passThatTookTheLockOverAndThenFailedReleasesItWithoutReportingALoss() throws Exception {
		// The store takes the lock over for the next thread, then fails the call, as when
		// no replica acknowledged the write in time.
		LockStore unacknowledged = InterceptedStore.of(this.store, (method, args, call) -> {
			Object result = call.proceed();
			if (method.equals("reacquire")) {
				throw new LockStoreException((String) args[0], "only 0 of 1 replicas acknowledged it");
			}
			return result;
		});
		DefaultLockClient client = newClient(unacknowledged, QUICK_BACKOFF);
		DistributedLock lock = client.getLock("unacknowledged");
		lock.lock();
		LockingThread next = LockingThread.holding(client.getLock("unacknowledged"), (sameLock) -> {
			sameLock.lock();
			return true;
		});
		awaitBlocked(next.thread());

		lock.unlock();

		assertThat(this.lostEvents).as("losses reported").isEmpty();
		assertThat(next.acquired()).as("the next thread takes the lock from the store").isTrue();
		next.release();
		assertThat(this.lostEvents).as("losses reported").isEmpty();
	}

	@Test
	void handOffOfAnAgedLeaseExtendsItToTheLeaseTheNextThreadAskedFor() throws Exception {
		Duration lease = Duration.ofSeconds(2);
		DefaultLockClient client = newClient();
		client.setMaxLocalHandoffs(1);
		DistributedLock lock = client.getLock("aged");
		assertThat(lock.tryLock(Duration.ZERO, lease, false)).isTrue();
		DistributedLock next = client.getLock("aged");
		CompletableFuture<Duration> leaseAtAcquisition = new CompletableFuture<>();
		CompletableFuture<Duration> storeLeaseAtAcquisition = new CompletableFuture<>();
		LockingThread waiter = LockingThread.passing(next, (sameLock) -> sameLock.tryLock(LEASE, lease, false), () -> {
			leaseAtAcquisition.complete(next.getRemainingLease());
			storeLeaseAtAcquisition.complete(this.store.remainingLease("aged"));
		});
		awaitBlocked(waiter.thread());
		awaiting().pollInSameThread().until(() -> lock.getRemainingLease().compareTo(lease.dividedBy(2)) < 0);

		lock.unlock();

		waiter.awaitDone();
		assertThat(leaseAtAcquisition.get()).isGreaterThan(lease.dividedBy(2));
		assertThat(storeLeaseAtAcquisition.get()).isGreaterThan(lease.dividedBy(2));
	}

	@Test
	void handOffWithNobodyWaitingReleasesInTheStore() {
		DefaultLockClient client = newClient();
		client.setMaxLocalHandoffs(8);
		DistributedLock lock = client.getLock("alone");
		lock.lock();

		lock.unlock();

		assertThat(this.store.holder("alone")).isNull();
	}

	/**
	 * Four turns: {@code DefaultLockClient.MAX_KEPT_TURNS}. The client's threads queued
	 * behind the holder, and a thread of another client queued in the store; each release
	 * of the busy client then passes the lock to its next thread with a fresh lease, as
	 * long as it keeps fewer turns than that, and hands it over in the store after.
	 */
	@Test
	void clientKeepsTheLockForFourTurnsWhileAnotherClientWaitsThenTheStoreHandsItOver() throws Exception {
		DefaultLockClient busy = newClient();
		DefaultLockClient other = newClient(SLOW_BACKOFF);
		DistributedLock lock = busy.getLock("turns");
		lock.lock();
		List<String> holders = Collections.synchronizedList(new ArrayList<>());
		List<LockingThread> threads = new ArrayList<>();
		for (int i = 1; i <= 5; i++) {
			String id = "busy-" + i;
			LockingThread thread = LockingThread.passing(busy.getLock("turns"), (sameLock) -> {
				sameLock.lock();
				return true;
			}, () -> holders.add(id));
			awaitBlocked(thread.thread());
			threads.add(thread);
		}
		threads.add(LockingThread.passing(other.getLock("turns"), (otherLock) -> otherLock.tryLock(LEASE, LEASE, false),
				() -> holders.add("other")));
		awaitQueuedInStore("turns", 1);

		lock.unlock();

		for (LockingThread thread : threads) {
			thread.awaitDone();
		}
		assertThat(holders).containsExactly("busy-1", "busy-2", "busy-3", "busy-4", "other", "busy-5");
	}

	/**
	 * A store that queues no waiters (replica acknowledgement) cannot tell whether
	 * another client waits: every turn counts, so that a client whose threads keep taking
	 * the lock frees it in the store after four, where other clients can take it.
	 */
	@Test
	void clientOfAStoreThatQueuesNoWaitersKeepsTheLockForFourTurnsThenReleasesIt() throws Exception {
		InMemoryLockStore unqueued = track(new InMemoryLockStore() {

			@Override
			public boolean queuesWaiters() {
				return false;
			}

		});
		StoreCallCounter calls = StoreCallCounter.on(unqueued);
		DefaultLockClient busy = newClient(calls.store(), QUICK_BACKOFF);
		DistributedLock lock = busy.getLock("unqueued");
		lock.lock();
		List<LockingThread> threads = new ArrayList<>();
		for (int i = 1; i <= 5; i++) {
			LockingThread thread = LockingThread.passing(busy.getLock("unqueued"), (sameLock) -> {
				sameLock.lock();
				return true;
			}, () -> {
			});
			awaitBlocked(thread.thread());
			threads.add(thread);
		}

		lock.unlock();

		for (LockingThread thread : threads) {
			thread.awaitDone();
		}
		assertThat(calls.count("reacquire")).as("turns passed on with a fresh lease").isEqualTo(4);
		assertThat(calls.count("release")).as("releases in the store: after four turns, and the last").isEqualTo(2);
	}

	/**
	 * A thread of the client that waits for the lock and holds it until released, with
	 * what it saw when it got it.
	 */
	private record Holder(LockingThread thread, CompletableFuture<Boolean> acquired,
			CompletableFuture<Integer> callsAtAcquisition, CompletableFuture<Long> fencingToken) {

		static Holder waitFor(DistributedLock lock, StoreCallCounter calls) {
			CompletableFuture<Boolean> acquired = new CompletableFuture<>();
			CompletableFuture<Integer> callsAtAcquisition = new CompletableFuture<>();
			CompletableFuture<Long> fencingToken = new CompletableFuture<>();
			LockingThread thread = LockingThread.holding(lock, (sameLock) -> {
				sameLock.lock();
				callsAtAcquisition.complete(calls.total());
				fencingToken.complete(sameLock.getFencingToken());
				acquired.complete(true);
				return true;
			});
			awaitBlocked(thread.thread());
			return new Holder(thread, acquired, callsAtAcquisition, fencingToken);
		}

	}

}
