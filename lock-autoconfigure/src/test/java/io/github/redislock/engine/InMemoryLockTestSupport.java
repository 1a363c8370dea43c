// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.engine;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import io.github.redislock.core.DistributedLock;
import io.github.redislock.core.LockBackoff;
import io.github.redislock.core.LockLostEvent;
import io.github.redislock.store.LockStore;
import io.github.redislock.test.InMemoryLockStore;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.AfterEach;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Base of the engine tests that run {@link DefaultLockClient} over an
 * {@link InMemoryLockStore}: each client stands for one process, and after every test
 * nothing may be left behind, neither in a client (lock states, renewals) nor in the
 * store (held locks, queued waiters, subscriptions).
 * <p>
 * Only the client's public API, the {@code core} types and {@link LockClientProbe} are
 * used, so that these tests hold whatever shape the engine's insides take.
 *
 * @author redis-lock contributors
 */
abstract class InMemoryLockTestSupport {

	static final Duration LEASE = Duration.ofSeconds(30);

	/** Quick enough that a waiter that hears nothing still gets on within a test. */
	static final LockBackoff QUICK_BACKOFF = new LockBackoff(Duration.ofMillis(10), 2.0, Duration.ofMillis(100), 0.2);

	/** So slow that a waiter that gets the lock within a test was woken by the store. */
	static final LockBackoff SLOW_BACKOFF = new LockBackoff(Duration.ofSeconds(20), 1.0, Duration.ofSeconds(20), 0.0);

	final InMemoryLockStore store = new InMemoryLockStore();

	/** Every lost lease told to the listener of any client, in the order told. */
	final List<LockLostEvent> lostEvents = new CopyOnWriteArrayList<>();

	private final List<DefaultLockClient> clients = new ArrayList<>();

	private final List<InMemoryLockStore> stores = new ArrayList<>(List.of(this.store));

	DefaultLockClient newClient() {
		return newClient(this.store, QUICK_BACKOFF);
	}

	DefaultLockClient newClient(LockBackoff backoff) {
		return newClient(this.store, backoff);
	}

	/**
	 * Create a client, with a 30 s lease renewed while held by default, whose lost leases
	 * are recorded in {@link #lostEvents}.
	 */
	DefaultLockClient newClient(LockStore store, LockBackoff backoff) {
		DefaultLockClient client = new DefaultLockClient(store, LEASE, true, backoff, this.lostEvents::add);
		// A test that failed holding a lock closes its clients at once.
		client.setShutdownTimeout(Duration.ZERO);
		this.clients.add(client);
		return client;
	}

	/**
	 * Check after the test that nothing is left in this store either.
	 */
	<S extends InMemoryLockStore> S track(S store) {
		this.stores.add(store);
		return store;
	}

	@AfterEach
	void nothingIsLeftBehind() {
		try {
			for (DefaultLockClient client : this.clients) {
				assertThat(LockClientProbe.activeLockCount(client)).as("lock states of a client").isZero();
				assertThat(LockClientProbe.renewalCount(client)).as("renewals of a client").isZero();
			}
			// A waiter that gave up leaves the store's queue after it is told.
			awaiting().untilAsserted(() -> {
				for (InMemoryLockStore store : this.stores) {
					assertThat(store.lockNames()).as("locks held or waited for in the store").isEmpty();
					assertThat(store.subscriberCount()).as("subscriptions to the store").isZero();
				}
			});
		}
		finally {
			this.clients.forEach(DefaultLockClient::close);
			this.stores.forEach(InMemoryLockStore::close);
		}
	}

	/**
	 * Try the lock from a fresh thread, as another caller would, and release it again if
	 * acquired.
	 */
	static boolean isFree(DistributedLock lock) throws Exception {
		return CompletableFuture.supplyAsync(() -> {
			boolean acquired = lock.tryLock();
			if (acquired) {
				lock.unlock();
			}
			return acquired;
		}, (runnable) -> new Thread(runnable).start()).get(10, TimeUnit.SECONDS);
	}

	/**
	 * Wait until the thread is parked: queued behind the local holder, or waiting for the
	 * store to tell it of a release.
	 */
	static void awaitBlocked(Thread thread) {
		awaiting()
			.until(() -> thread.getState() == Thread.State.WAITING || thread.getState() == Thread.State.TIMED_WAITING);
	}

	/**
	 * Wait up to 10 s, checking every millisecond from the start: what the tests wait for
	 * happens within milliseconds, so Awaitility's default first check after 100 ms would
	 * be most of a test's time.
	 */
	static ConditionFactory awaiting() {
		return await().atMost(Duration.ofSeconds(10)).pollDelay(Duration.ZERO).pollInterval(Duration.ofMillis(1));
	}

	/**
	 * Wait until the store has this many waiters queued for the lock.
	 */
	void awaitQueuedInStore(String name, int waiters) {
		awaiting().until(() -> this.store.waiters(name).size() == waiters);
	}

}
