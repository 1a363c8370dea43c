// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redis;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import io.github.redislock.core.DistributedLock;
import io.github.redislock.core.LockBackoff;
import io.github.redislock.store.LockStore.HandOff;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A waiter is woken by the release itself, long before its backoff would have retried; a
 * hot lock's channel stays subscribed between its waiters; and when notifications are
 * lost, the backoff still gets it the lock.
 *
 * @author redis-lock contributors
 */
class ReleaseNotificationTests extends RedisLockTestSupport {

	private static final LockBackoff SLOW_BACKOFF = new LockBackoff(Duration.ofSeconds(8), 1.0, Duration.ofSeconds(8),
			0.0);

	@Test
	void releaseWakesAWaiterInAnotherInstanceAtOnce() throws Exception {
		LockClientInstance holder = instance().start();
		LockClientInstance waiter = instance().backoff(SLOW_BACKOFF).start();
		DistributedLock held = holder.client.getLock("wake-up");
		assertThat(held.tryLock(Duration.ZERO, Duration.ofSeconds(30), false)).isTrue();
		CountDownLatch waiting = new CountDownLatch(1);
		CompletableFuture<Long> acquiredAfterRelease = new CompletableFuture<>();
		long[] releasedAt = new long[1];
		Thread thread = new Thread(() -> {
			DistributedLock lock = waiter.client.getLock("wake-up");
			try {
				waiting.countDown();
				if (lock.tryLock(Duration.ofSeconds(20), Duration.ofSeconds(10), false)) {
					acquiredAfterRelease.complete(System.nanoTime());
					lock.unlock();
				}
				else {
					acquiredAfterRelease.completeExceptionally(new AssertionError("not acquired"));
				}
			}
			catch (Throwable ex) {
				acquiredAfterRelease.completeExceptionally(ex);
			}
		});
		thread.start();
		assertThat(waiting.await(5, TimeUnit.SECONDS)).isTrue();
		// The lock's channel and the one of hand-offs to the waiter's client.
		await().atMost(Duration.ofSeconds(5)).until(() -> subscribedChannels().size() == 2);
		releasedAt[0] = System.nanoTime();
		held.unlock();
		long acquiredAt = acquiredAfterRelease.get(15, TimeUnit.SECONDS);
		long handoffMillis = TimeUnit.NANOSECONDS.toMillis(acquiredAt - releasedAt[0]);
		assertThat(handoffMillis).as("woken by the release, not by the %s backoff", SLOW_BACKOFF.delay())
			.isLessThan(2000);
		thread.join(5000);
		await().atMost(Duration.ofSeconds(5)).until(() -> subscribedChannels().isEmpty());
	}

	@Test
	void handOffIsToldOnlyToTheClientOfTheWaiterItGoesTo() throws Exception {
		LockClientInstance holder = instance().start();
		LockClientInstance waiter = instance().start();
		LockClientInstance bystander = instance().start();
		BlockingQueue<Optional<HandOff>> heard = new LinkedBlockingQueue<>();
		try (AutoCloseable subscription = bystander.store.subscribe("told", "bystander:1",
				(handOff) -> heard.add(Optional.ofNullable(handOff)))) {
			assertThat(heard.poll(5, TimeUnit.SECONDS)).as("told once subscribed").isEmpty();
			DistributedLock held = holder.client.getLock("told");
			assertThat(held.tryLock(Duration.ZERO, Duration.ofSeconds(30), false)).isTrue();
			CompletableFuture<Boolean> acquired = CompletableFuture.supplyAsync(() -> {
				DistributedLock waited = waiter.client.getLock("told");
				try {
					boolean result = waited.tryLock(Duration.ofSeconds(10), Duration.ofSeconds(10), false);
					if (result) {
						waited.unlock();
					}
					return result;
				}
				catch (InterruptedException ex) {
					throw new IllegalStateException(ex);
				}
			});
			await().atMost(Duration.ofSeconds(5)).until(() -> lockKeys().contains("lock:{told}:queue"));

			held.unlock();

			assertThat(acquired.get(5, TimeUnit.SECONDS)).isTrue();
			// Messages reach a subscriber in the order they were published.
			server().command("PUBLISH", "lock:{told}:released", "");
			assertThat(heard.poll(5, TimeUnit.SECONDS)).as("the next message the bystander heard").isEmpty();
		}
	}

	@Test
	void channelStaysSubscribedWhileWaitersComeAndGoWithinTheLinger() throws Exception {
		LockClientInstance holder = instance().start();
		LockClientInstance waiter = instance().backoff(SLOW_BACKOFF).start();
		DistributedLock held = holder.client.getLock("come-and-go");
		DistributedLock waited = waiter.client.getLock("come-and-go");
		long subscribesBefore = commandCount("subscribe");
		// Each waiter that leaves schedules a check a second later; with gaps between the
		// waits, most of those checks find no waiter at that instant. At least a dozen
		// hand-offs over at least two and a half seconds, however slow the machine.
		long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(2500);
		int handOffs = 0;
		while ((handOffs < 12 || System.nanoTime() - end < 0) && handOffs < 100) {
			assertThat(held.tryLock(Duration.ZERO, Duration.ofSeconds(30), false)).isTrue();
			CompletableFuture<Boolean> acquired = CompletableFuture.supplyAsync(() -> {
				try {
					boolean result = waited.tryLock(Duration.ofSeconds(10), Duration.ofSeconds(10), false);
					if (result) {
						waited.unlock();
					}
					return result;
				}
				catch (InterruptedException ex) {
					throw new IllegalStateException(ex);
				}
			});
			await().atMost(Duration.ofSeconds(5)).until(() -> lockKeys().contains("lock:{come-and-go}:waiters"));
			held.unlock();
			assertThat(acquired.get(5, TimeUnit.SECONDS)).isTrue();
			handOffs++;
			Thread.sleep(50);
		}
		assertThat(commandCount("subscribe") - subscribesBefore).as("SUBSCRIBE calls over %d hand-offs", handOffs)
			.as("one for the lock's channel, one for the hand-offs to the waiter's client")
			.isEqualTo(2);
		await().atMost(Duration.ofSeconds(5)).until(() -> subscribedChannels().isEmpty());
	}

	@Test
	void waitersComingAndGoingWhileOneStaysSubscribeAndUnsubscribeTheChannelOnce() throws Exception {
		LockClientInstance instance = instance().start();
		long subscribesBefore = commandCount("subscribe");
		long unsubscribesBefore = commandCount("unsubscribe");
		try (ReleaseSubscriptions subscriptions = new ReleaseSubscriptions(instance.connectionFactory,
				new RedisLockKeys("lock:"))) {
			String channel = "lock:{many-leave}:released";
			AutoCloseable first = subscriptions.subscribe(channel, null, (handOff) -> {
			});
			await().atMost(Duration.ofSeconds(5)).until(() -> subscribedChannels().contains(channel));
			for (int i = 0; i < 50; i++) {
				subscriptions.subscribe(channel, null, (handOff) -> {
				}).close();
			}
			assertThat(subscribedChannels()).as("while the first waiter stays").contains(channel);
			first.close();
			await().atMost(Duration.ofSeconds(10)).until(() -> subscribedChannels().isEmpty());
			assertThat(commandCount("subscribe") - subscribesBefore).as("SUBSCRIBE calls").isEqualTo(1);
			assertThat(commandCount("unsubscribe") - unsubscribesBefore).as("UNSUBSCRIBE calls").isEqualTo(1);
		}
	}

	@Test
	void backoffStillAcquiresWhenNotificationsAreLost() throws Exception {
		LockBackoff quickBackoff = new LockBackoff(Duration.ofMillis(20), 2.0, Duration.ofMillis(200), 0.2);
		LockClientInstance holder = instance().start();
		LockClientInstance deaf = instance().backoff(quickBackoff).storeDecorator(WithoutNotifications::new).start();
		DistributedLock held = holder.client.getLock("deaf");
		assertThat(held.tryLock(Duration.ZERO, Duration.ofSeconds(30), false)).isTrue();
		CompletableFuture<Boolean> acquired = CompletableFuture.supplyAsync(() -> {
			DistributedLock lock = deaf.client.getLock("deaf");
			try {
				boolean result = lock.tryLock(Duration.ofSeconds(10), Duration.ofSeconds(10), false);
				if (result) {
					lock.unlock();
				}
				return result;
			}
			catch (InterruptedException ex) {
				throw new IllegalStateException(ex);
			}
		});
		await().during(Duration.ofMillis(300)).atMost(Duration.ofSeconds(2)).until(() -> !acquired.isDone());
		held.unlock();
		assertThat(acquired.get(5, TimeUnit.SECONDS)).isTrue();
	}

}
