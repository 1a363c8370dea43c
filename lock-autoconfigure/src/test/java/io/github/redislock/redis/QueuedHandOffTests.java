// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redis;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import io.github.redislock.core.DistributedLock;
import io.github.redislock.core.LockBackoff;
import io.github.redislock.store.LockStore.HandOff;
import io.github.redislock.store.LockStore.LeaseRenewal;
import io.github.redislock.store.LockStore.Queueing;
import io.github.redislock.store.LockStore.ReleaseListener;
import io.github.redislock.store.LockStore;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A release hands the lock straight to the process that has waited longest, in Redis, so
 * the waiter owns it before it even hears of the release; waiters that give up or die
 * lose their place instead of holding the lock up.
 *
 * @author redis-lock contributors
 */
class QueuedHandOffTests extends RedisLockTestSupport {

	private static final LockBackoff SLOW_BACKOFF = new LockBackoff(Duration.ofSeconds(8), 1.0, Duration.ofSeconds(8),
			0.0);

	private static final LockBackoff TWO_SECOND_BACKOFF = new LockBackoff(Duration.ofSeconds(2), 1.0,
			Duration.ofSeconds(2), 0.0);

	private static final Duration LEASE = Duration.ofSeconds(30);

	@Test
	void releaseHandsTheLockToTheWaitingProcessBeforeAnyoneElseCanTakeIt() throws Exception {
		LockClientInstance holder = instance().start();
		LockClientInstance deaf = instance().backoff(TWO_SECOND_BACKOFF)
			.storeDecorator(WithoutNotifications::new)
			.start();
		LockClientInstance latecomer = instance().start();
		DistributedLock held = holder.client.getLock("queued");
		assertThat(held.tryLock(Duration.ZERO, LEASE, false)).isTrue();
		long holderFence = held.getFencingToken();
		CompletableFuture<Long> waiterFence = waitAndRelease(deaf, "queued");
		await().atMost(Duration.ofSeconds(5)).until(() -> waiters("queued").size() == 1);
		String waiterToken = waiters("queued").keySet().iterator().next();

		held.unlock();

		assertThat(HolderRecords.grantedTo(server().command("GET", "lock:{queued}"))).as("lock handed over in Redis")
			.isEqualTo(waiterToken);
		DistributedLock barging = latecomer.client.getLock("queued");
		assertThat(barging.tryLock()).as("a latecomer cannot take a lock handed over").isFalse();
		assertThat(waiterFence.get(10, TimeUnit.SECONDS)).isGreaterThan(holderFence);
	}

	@Test
	void waiterTakesAHandedOverLockWithoutAskingRedisAgain() throws Exception {
		LockClientInstance holder = instance().start();
		LockClientInstance waiter = instance().backoff(SLOW_BACKOFF).start();
		DistributedLock held = holder.client.getLock("no-retry");
		assertThat(held.tryLock(Duration.ZERO, LEASE, false)).isTrue();
		CompletableFuture<Long> scriptCallsAtAcquisition = new CompletableFuture<>();
		CompletableFuture<Long> waiterFence = waitAndRelease(waiter, "no-retry",
				() -> scriptCallsAtAcquisition.complete(commandCount("evalsha")));
		await().atMost(Duration.ofSeconds(5)).until(() -> waiters("no-retry").size() == 1);
		// Once subscribed, the waiter tries once more so as not to miss a release: its
		// client numbers attempts from 1, so its place then shows ticket 2.
		await().atMost(Duration.ofSeconds(5))
			.until(() -> waiters("no-retry").values().stream().allMatch((entry) -> ticketOf(entry).equals("2")));
		long scriptCallsBefore = commandCount("evalsha");

		held.unlock();

		assertThat(waiterFence.get(5, TimeUnit.SECONDS)).isGreaterThan(0);
		assertThat(scriptCallsAtAcquisition.get() - scriptCallsBefore).as("script calls from release to acquisition")
			.isEqualTo(1);
	}

	@Test
	void waitersOfSeveralProcessesAreServedInTheOrderTheyCame() throws Exception {
		LockClientInstance holder = instance().start();
		DistributedLock held = holder.client.getLock("fifo");
		assertThat(held.tryLock(Duration.ZERO, LEASE, false)).isTrue();
		List<Integer> order = Collections.synchronizedList(new ArrayList<>());
		List<CompletableFuture<Long>> waiters = new ArrayList<>();
		for (int i = 0; i < 5; i++) {
			int id = i;
			LockClientInstance waiter = instance().start();
			waiters.add(waitAndRelease(waiter, "fifo", () -> order.add(id)));
			await().atMost(Duration.ofSeconds(5)).until(() -> waiters("fifo").size() == id + 1);
		}

		held.unlock();

		CompletableFuture.allOf(waiters.toArray(CompletableFuture[]::new)).get(15, TimeUnit.SECONDS);
		assertThat(order).containsExactly(0, 1, 2, 3, 4);
	}

	@Test
	void waiterKeepsItsPlaceOnlyUntilItWouldHaveAskedAgain() throws Exception {
		LockClientInstance holder = instance().start();
		LockClientInstance waiter = instance().start();
		DistributedLock held = holder.client.getLock("place");
		assertThat(held.tryLock(Duration.ZERO, LEASE, false)).isTrue();
		CompletableFuture<Long> waiterFence = waitAndRelease(waiter, "place");
		await().atMost(Duration.ofSeconds(5)).until(() -> waiters("place").size() == 1);

		long validFor = validUntilOf(waiters("place").values().iterator().next()) - serverMillis();

		// The default backoff pauses at most 1.2 s (1 s plus 20% jitter); a second more.
		assertThat(validFor).isPositive().isLessThanOrEqualTo(2200);
		held.unlock();
		assertThat(waiterFence.get(5, TimeUnit.SECONDS)).isGreaterThan(0);
	}

	@Test
	void waiterThatGivesUpLeavesTheQueue() throws Exception {
		LockClientInstance holder = instance().start();
		LockClientInstance waiter = instance().start();
		DistributedLock held = holder.client.getLock("gave-up");
		assertThat(held.tryLock(Duration.ZERO, LEASE, false)).isTrue();

		assertThat(waiter.client.getLock("gave-up").tryLock(Duration.ofMillis(300), LEASE, false)).isFalse();

		await().atMost(Duration.ofSeconds(5)).until(() -> waiters("gave-up").isEmpty());
		held.unlock();
		assertThat(lockKeys()).as("released, not handed over").isEmpty();
	}

	@Test
	void lockHandedToAWaiterThatGaveUpMeanwhileIsPassedOn() throws Exception {
		LockClientInstance holder = instance().start();
		LockClientInstance waiter = instance().start();
		DistributedLock held = holder.client.getLock("passed-on");
		assertThat(held.tryLock(Duration.ZERO, LEASE, false)).isTrue();
		queue(holder.store, "passed-on", "departing", Duration.ofSeconds(30));
		CompletableFuture<Long> waiterFence = waitAndRelease(waiter, "passed-on");
		await().atMost(Duration.ofSeconds(5)).until(() -> waiters("passed-on").size() == 2);
		held.unlock();
		assertThat(HolderRecords.grantedTo(server().command("GET", "lock:{passed-on}"))).isEqualTo("departing");
		assertThat(waiterFence).isNotDone();

		// What a waiter does when it gives up: leave the queue, passing on what it got.
		assertThat(holder.store.release("passed-on", "departing")).isTrue();

		assertThat(waiterFence.get(5, TimeUnit.SECONDS)).isGreaterThan(0);
	}

	@Test
	void placeOfAWaiterWhoseProcessDiedRunsOut() throws Exception {
		LockClientInstance holder = instance().start();
		LockClientInstance waiter = instance().start();
		DistributedLock held = holder.client.getLock("died");
		assertThat(held.tryLock(Duration.ZERO, LEASE, false)).isTrue();
		queue(holder.store, "died", "dead", Duration.ofMillis(200));
		CompletableFuture<Long> waiterFence = waitAndRelease(waiter, "died");
		await().atMost(Duration.ofSeconds(5)).until(() -> waiters("died").size() == 2);
		long deadUntil = validUntilOf(waiters("died").get("dead"));
		await().atMost(Duration.ofSeconds(5)).until(() -> serverMillis() > deadUntil);

		held.unlock();

		assertThat(waiterFence.get(5, TimeUnit.SECONDS)).isGreaterThan(0);
		assertThat(waiters("died")).doesNotContainKey("dead");
	}

	@Test
	void handOffMeantForAnEarlierAttemptIsIgnored() throws Exception {
		AtomicReference<ReleaseListener> listener = new AtomicReference<>();
		LockClientInstance holder = instance().start();
		LockClientInstance waiter = instance().backoff(SLOW_BACKOFF)
			.storeDecorator((store) -> new DelegatingLockStore(store) {

				@Override
				public AutoCloseable subscribe(String name, String ownerToken, ReleaseListener releaseListener) {
					listener.set(releaseListener);
					return super.subscribe(name, ownerToken, releaseListener);
				}

			})
			.start();
		DistributedLock held = holder.client.getLock("stale");
		assertThat(held.tryLock(Duration.ZERO, LEASE, false)).isTrue();
		CompletableFuture<Long> waiterFence = waitAndRelease(waiter, "stale");
		await().atMost(Duration.ofSeconds(5)).until(() -> listener.get() != null && waiters("stale").size() == 1);
		Map.Entry<String, String> entry = waiters("stale").entrySet().iterator().next();
		long currentTicket = Long.parseLong(ticketOf(entry.getValue()));

		// A late message about a hand-off to an earlier attempt: the lock may have
		// expired since, so it proves nothing about who holds it now.
		listener.get().released(new HandOff(entry.getKey(), currentTicket - 1));

		await().during(Duration.ofMillis(300)).atMost(Duration.ofSeconds(2)).until(() -> !waiterFence.isDone());
		held.unlock();
		assertThat(waiterFence.get(5, TimeUnit.SECONDS)).isGreaterThan(0);
	}

	@Test
	void renewedLockIsHandedOverWithAShortLeaseThatRenewalExtends() throws Exception {
		LockClientInstance holder = instance().start();
		// The waiter's renewals wait for the test to have read the lease it was handed,
		// so that a fast renewal cannot hide it.
		CountDownLatch renewals = new CountDownLatch(1);
		LockClientInstance waiter = instance().leaseTime(LEASE)
			.backoff(SLOW_BACKOFF)
			.storeDecorator((store) -> new DelegatingLockStore(store) {

				@Override
				public boolean renew(String name, String ownerToken, Duration leaseTime) {
					awaitQuietly(renewals);
					return super.renew(name, ownerToken, leaseTime);
				}

				@Override
				public List<Boolean> renewAll(List<LeaseRenewal> leases) {
					awaitQuietly(renewals);
					return super.renewAll(leases);
				}

			})
			.start();
		DistributedLock held = holder.client.getLock("renewed");
		assertThat(held.tryLock(Duration.ZERO, LEASE, false)).isTrue();
		CompletableFuture<Void> release = new CompletableFuture<>();
		CompletableFuture<Long> waiterFence = CompletableFuture.supplyAsync(() -> {
			DistributedLock lock = waiter.client.getLock("renewed");
			lock.lock();
			try {
				release.get(20, TimeUnit.SECONDS);
				return lock.getFencingToken();
			}
			catch (Exception ex) {
				throw new IllegalStateException(ex);
			}
			finally {
				lock.unlock();
			}
		});
		await().atMost(Duration.ofSeconds(5)).until(() -> waiters("renewed").size() == 1);
		// Its last attempt before the release (ticket 2) is its last for seconds: a
		// later one would find the lock its own and set the whole lease itself.
		await().atMost(Duration.ofSeconds(5))
			.until(() -> waiters("renewed").values().stream().allMatch((entry) -> ticketOf(entry).equals("2")));
		String waiterToken = waiters("renewed").keySet().iterator().next();

		held.unlock();

		assertThat(HolderRecords.grantedTo(server().command("GET", "lock:{renewed}"))).as("lock handed over in Redis")
			.isEqualTo(waiterToken);
		assertThat((Long) server().command("PTTL", "lock:{renewed}")).isPositive().isLessThanOrEqualTo(5000);
		renewals.countDown();
		await().atMost(Duration.ofSeconds(5))
			.until(() -> (Long) server().command("PTTL", "lock:{renewed}") > Duration.ofSeconds(20).toMillis());
		release.complete(null);
		assertThat(waiterFence.get(5, TimeUnit.SECONDS)).isGreaterThan(0);
	}

	@Test
	void busyInstanceServesAFewOfItsOwnThreadsThenHandsOver() throws Exception {
		LockClientInstance busy = instance().start();
		List<String> holders = Collections.synchronizedList(new ArrayList<>());
		AtomicInteger queuedAt = new AtomicInteger(-1);
		LockClientInstance other = instance().backoff(SLOW_BACKOFF)
			.storeDecorator((store) -> new DelegatingLockStore(store) {

				@Override
				public AcquireResult tryAcquire(String name, String ownerToken, Duration leaseTime, Queueing queueing) {
					AcquireResult result = super.tryAcquire(name, ownerToken, leaseTime, queueing);
					if (!result.acquired()) {
						queuedAt.compareAndSet(-1, holders.size());
					}
					return result;
				}

			})
			.start();
		// The first busy section holds the lock until the other instance has queued, so
		// its threads queue behind it and the other instance meets a held lock.
		CountDownLatch otherQueued = new CountDownLatch(1);
		DistributedLock first = busy.client.getLock("turns");
		CompletableFuture<Void> firstSection = CompletableFuture.runAsync(() -> {
			first.lock();
			try {
				holders.add("busy");
				otherQueued.await(10, TimeUnit.SECONDS);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
			finally {
				first.unlock();
			}
		}, Executors.newSingleThreadExecutor());
		await().atMost(Duration.ofSeconds(5)).until(() -> holders.size() == 1);
		AtomicBoolean stop = new AtomicBoolean();
		List<CompletableFuture<Void>> loops = new ArrayList<>();
		loops.add(firstSection);
		for (int i = 0; i < 3; i++) {
			loops.add(CompletableFuture.runAsync(() -> {
				DistributedLock lock = busy.client.getLock("turns");
				// Bounded: the other instance gets the lock after a few turns.
				for (int n = 0; n < 2000 && !stop.get(); n++) {
					lock.lock();
					try {
						holders.add("busy");
					}
					finally {
						lock.unlock();
					}
				}
			}, Executors.newSingleThreadExecutor()));
		}
		CompletableFuture<Long> otherFence = waitAndRelease(other, "turns", () -> {
			holders.add("other");
			stop.set(true);
		});
		await().atMost(Duration.ofSeconds(5)).until(() -> queuedAt.get() >= 0);
		otherQueued.countDown();

		assertThat(otherFence.get(10, TimeUnit.SECONDS)).isGreaterThan(0);

		CompletableFuture.allOf(loops.toArray(CompletableFuture[]::new)).get(10, TimeUnit.SECONDS);
		int servedAt = holders.indexOf("other");
		// At most four turns kept, plus the section running when the waiter queued.
		assertThat(queuedAt.get()).as("queued while the busy instance held the lock").isNotNegative();
		assertThat(servedAt - queuedAt.get()).as("sections of the busy instance after the other one queued")
			.isLessThanOrEqualTo(5);
	}

	private static CompletableFuture<Long> waitAndRelease(LockClientInstance instance, String name) {
		return waitAndRelease(instance, name, () -> {
		});
	}

	/**
	 * Wait for the lock on a thread of its own, run the action holding it, release it,
	 * and complete with the fencing token it was held with.
	 */
	private static CompletableFuture<Long> waitAndRelease(LockClientInstance instance, String name, Runnable action) {
		CompletableFuture<Long> fence = new CompletableFuture<>();
		Thread thread = new Thread(() -> {
			DistributedLock lock = instance.client.getLock(name);
			try {
				if (!lock.tryLock(Duration.ofSeconds(20), Duration.ofSeconds(10), false)) {
					fence.completeExceptionally(new AssertionError("'" + name + "' not acquired"));
					return;
				}
				long token;
				try {
					action.run();
					token = lock.getFencingToken();
				}
				finally {
					lock.unlock();
				}
				fence.complete(token);
			}
			catch (Throwable ex) {
				fence.completeExceptionally(ex);
			}
		});
		thread.start();
		return fence;
	}

	private static void queue(LockStore store, String name, String owner, Duration validity) {
		assertThat(store.tryAcquire(name, owner, LEASE, new Queueing(validity, LEASE, 1, false)).acquired()).isFalse();
	}

	private static Map<String, String> waiters(String name) {
		Map<String, String> waiters = new LinkedHashMap<>();
		if (server().command("HGETALL", "lock:{" + name + "}:waiters") instanceof List<?> reply) {
			for (int i = 0; i + 1 < reply.size(); i += 2) {
				waiters.put(String.valueOf(reply.get(i)), String.valueOf(reply.get(i + 1)));
			}
		}
		return waiters;
	}

	/** Fields of an entry: valid until in ms, lease in ms, ticket, holder. */
	private static String ticketOf(String entry) {
		return entry.split(" ")[2];
	}

	private static long validUntilOf(String entry) {
		return Long.parseLong(entry.split(" ")[0]);
	}

	private static long serverMillis() {
		List<?> time = (List<?>) server().command("TIME");
		return Long.parseLong(String.valueOf(time.get(0))) * 1000 + Long.parseLong(String.valueOf(time.get(1))) / 1000;
	}

	private static void awaitQuietly(CountDownLatch latch) {
		try {
			latch.await(10, TimeUnit.SECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

}
