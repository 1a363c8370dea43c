// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redis;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import io.github.redislock.core.DistributedLock;
import io.github.redislock.core.LockBackoff;
import io.github.redislock.engine.LockClientProbe;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Threads of one instance waiting for the same lock queue locally: only the first asks
 * Redis, so a crowd of waiters costs Redis no more than one, and a releasing thread
 * passes the lock to the next one with a fresh lease in a single round trip.
 *
 * @author redis-lock contributors
 */
class LocalQueueTests extends RedisLockTestSupport {

	private static final int WAITERS = 8;

	@Test
	void onlyOneWaitingThreadOfAnInstanceAsksRedis() throws Exception {
		LockBackoff everyTwentyMillis = new LockBackoff(Duration.ofMillis(20), 1.0, Duration.ofMillis(20), 0.0);
		LockClientInstance holder = instance().start();
		LockClientInstance crowd = instance().backoff(everyTwentyMillis)
			.storeDecorator(WithoutNotifications::new)
			.start();
		DistributedLock held = holder.client.getLock("crowded");
		assertThat(held.tryLock(Duration.ZERO, Duration.ofSeconds(30), false)).isTrue();
		Duration wait = Duration.ofSeconds(1);
		long before = commandCount("evalsha");
		CountDownLatch start = new CountDownLatch(1);
		List<CompletableFuture<Boolean>> waiters = new ArrayList<>();
		for (int i = 0; i < WAITERS; i++) {
			waiters.add(CompletableFuture.supplyAsync(() -> {
				try {
					start.await();
					return crowd.client.getLock("crowded").tryLock(wait, Duration.ofSeconds(10), false);
				}
				catch (InterruptedException ex) {
					throw new IllegalStateException(ex);
				}
			}, runnable -> new Thread(runnable).start()));
		}
		start.countDown();
		for (CompletableFuture<Boolean> waiter : waiters) {
			assertThat(waiter.get(10, TimeUnit.SECONDS)).isFalse();
		}
		long attempts = commandCount("evalsha") - before;
		long oneWaiter = wait.toMillis() / everyTwentyMillis.delay().toMillis();
		// Eight threads polling on their own would make about eight times as many.
		assertThat(attempts).isBetween(5L, oneWaiter * 2);
		held.unlock();
	}

	@Test
	void nextWaitingThreadTakesOverInOneRoundTripAndGetsAFreshFencingTokenWhenItAsks() throws Exception {
		LockClientInstance instance = instance().start();
		DistributedLock lock = instance.client.getLock("passed");
		lock.lock();
		long firstToken = lock.getFencingToken();
		CompletableFuture<long[]> next = new CompletableFuture<>();
		Thread thread = new Thread(() -> {
			DistributedLock sameLock = instance.client.getLock("passed");
			sameLock.lock();
			try {
				long scriptsAtAcquisition = commandCount("evalsha");
				next.complete(new long[] { sameLock.getFencingToken(), scriptsAtAcquisition });
			}
			finally {
				sameLock.unlock();
			}
		});
		thread.start();
		awaitBlocked(thread);
		long scriptsBefore = commandCount("evalsha");

		lock.unlock();

		long[] tokenAndScripts = next.get(10, TimeUnit.SECONDS);
		assertThat(tokenAndScripts[0]).as("a fresh fencing token").isGreaterThan(firstToken);
		assertThat(tokenAndScripts[1] - scriptsBefore).as("script calls from release to acquisition").isEqualTo(1);
		thread.join(5000);
		assertThat(LockClientProbe.activeLockCount(instance.client)).isZero();
	}

}
