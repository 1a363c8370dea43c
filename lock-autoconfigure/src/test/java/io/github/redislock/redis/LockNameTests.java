// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redis;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import io.github.redislock.core.DistributedLock;
import io.github.redislock.core.LockBackoff;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Every lock name is a lock of its own in Redis, even names that are not valid UTF-16 (an
 * unpaired surrogate, as a truncated or hostile input may hold), which UTF-8 alone would
 * turn into {@code '?'}.
 *
 * @author redis-lock contributors
 */
class LockNameTests extends RedisLockTestSupport {

	private static final String HELD = "user:\uD800";

	private static final List<String> LOOK_ALIKES = List.of("user:\uD801", "user:?", "user:%uD800");

	@Test
	void theHoldingThreadTakesALookAlikeNameAsALockOfItsOwnAndReleasingItKeepsTheFirst() throws Exception {
		LockClientInstance instance = instance().start();
		LockClientInstance other = instance().start();
		DistributedLock held = instance.client.getLock(HELD);
		assertThat(held.tryLock(Duration.ZERO, Duration.ofSeconds(30), false)).isTrue();
		try {
			for (String name : LOOK_ALIKES) {
				DistributedLock lookAlike = instance.client.getLock(name);
				assertThat(lookAlike.tryLock(Duration.ZERO, Duration.ofSeconds(30), false)).isTrue();
				assertThat(lockKeys()).as("keys while '%s' is held too", name).hasSize(2);
				lookAlike.unlock();
				assertThat(LockProbe.isFree(other.client.getLock(HELD), Duration.ZERO))
					.as("the lock of the first name, after the release of '%s'", name)
					.isFalse();
				assertThat(held.isHeldByCurrentThread()).isTrue();
			}
		}
		finally {
			held.unlock();
		}
	}

	@Test
	void anotherInstanceTakesALookAlikeNameWhileTheFirstIsHeld() throws Exception {
		LockClientInstance instance = instance().start();
		LockClientInstance other = instance().start();
		DistributedLock held = instance.client.getLock(HELD);
		assertThat(held.tryLock(Duration.ZERO, Duration.ofSeconds(30), false)).isTrue();
		try {
			assertThat(LockProbe.isFree(other.client.getLock(HELD), Duration.ZERO)).isFalse();
			for (String name : LOOK_ALIKES) {
				assertThat(LockProbe.isFree(other.client.getLock(name), Duration.ZERO)).as("lock '%s'", name).isTrue();
			}
		}
		finally {
			held.unlock();
		}
	}

	@Test
	void releaseOfANameWithAnUnpairedSurrogateWakesItsWaiter() throws Exception {
		LockBackoff slowBackoff = new LockBackoff(Duration.ofSeconds(8), 1.0, Duration.ofSeconds(8), 0.0);
		LockClientInstance holder = instance().start();
		LockClientInstance waiter = instance().backoff(slowBackoff).start();
		DistributedLock held = holder.client.getLock(HELD);
		assertThat(held.tryLock(Duration.ZERO, Duration.ofSeconds(30), false)).isTrue();
		CountDownLatch waiting = new CountDownLatch(1);
		CompletableFuture<Long> acquiredAt = CompletableFuture.supplyAsync(() -> {
			DistributedLock lock = waiter.client.getLock(HELD);
			try {
				waiting.countDown();
				if (!lock.tryLock(Duration.ofSeconds(20), Duration.ofSeconds(10), false)) {
					throw new AssertionError("not acquired");
				}
				long at = System.nanoTime();
				lock.unlock();
				return at;
			}
			catch (InterruptedException ex) {
				throw new IllegalStateException(ex);
			}
		});
		assertThat(waiting.await(5, TimeUnit.SECONDS)).isTrue();
		// The lock's channel and the one of hand-offs to the waiter's client.
		await().atMost(Duration.ofSeconds(5)).until(() -> subscribedChannels().size() == 2);
		// Queued in Redis (the lock, the waiters hash and the queue): the release hands
		// the
		// lock over and only the message wakes it.
		await().atMost(Duration.ofSeconds(5)).until(() -> lockKeys().size() == 3);
		long releasedAt = System.nanoTime();
		held.unlock();
		long handOffMillis = TimeUnit.NANOSECONDS.toMillis(acquiredAt.get(15, TimeUnit.SECONDS) - releasedAt);
		assertThat(handOffMillis).as("woken by the release, not by the %s backoff", slowBackoff.delay())
			.isLessThan(2000);
	}

}
