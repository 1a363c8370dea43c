// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redis;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import io.github.redislock.core.DistributedLock;
import io.github.redislock.engine.LockClientProbe;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.awaitility.Awaitility.await;

/**
 * A busy lock is waited for no longer than asked, an interrupt ends the wait, invalid
 * times are refused before Redis sees them, and every fresh acquisition gets a larger
 * fencing token.
 *
 * @author redis-lock contributors
 */
class WaitingTests extends RedisLockTestSupport {

	@Test
	void waitTimeIsHonoredWithinABoundedMargin() throws Exception {
		LockClientInstance holder = instance().start();
		LockClientInstance waiter = instance().start();
		DistributedLock held = holder.client.getLock("busy");
		assertThat(held.tryLock(Duration.ZERO, Duration.ofSeconds(30), false)).isTrue();
		try {
			DistributedLock lock = waiter.client.getLock("busy");
			for (long waitMillis : new long[] { 0, 300, 1200 }) {
				long started = System.nanoTime();
				boolean acquired = LockProbe.isFree(lock, Duration.ofMillis(waitMillis));
				long tookMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
				assertThat(acquired).isFalse();
				assertThat(tookMillis).as("wait of %d ms", waitMillis).isBetween(waitMillis, waitMillis + 1500);
			}
		}
		finally {
			held.unlock();
		}
	}

	@Test
	void interruptEndsTheWait() throws Exception {
		LockClientInstance holder = instance().start();
		LockClientInstance waiter = instance().start();
		DistributedLock held = holder.client.getLock("interrupted");
		held.lock();
		try {
			AtomicReference<Throwable> outcome = new AtomicReference<>();
			CountDownLatch done = new CountDownLatch(1);
			Thread thread = new Thread(() -> {
				try {
					waiter.client.getLock("interrupted").lockInterruptibly();
					outcome.set(new AssertionError("acquired a held lock"));
				}
				catch (Throwable ex) {
					outcome.set(ex);
				}
				done.countDown();
			});
			thread.start();
			// The lock's channel and the one of hand-offs to the waiter's client.
			await().atMost(Duration.ofSeconds(5)).until(() -> subscribedChannels().size() == 2);
			thread.interrupt();
			assertThat(done.await(5, TimeUnit.SECONDS)).isTrue();
			assertThat(outcome.get()).isInstanceOf(InterruptedException.class);
		}
		finally {
			held.unlock();
		}
		assertThat(LockClientProbe.activeLockCount(waiter.client)).isZero();
	}

	@Test
	void invalidTimesAreRefusedBeforeRedisIsCalled() {
		LockClientInstance instance = instance().start();
		DistributedLock lock = instance.client.getLock("invalid");
		long before = commandCount("evalsha") + commandCount("eval");
		assertThatIllegalArgumentException().isThrownBy(() -> lock.tryLock(Duration.ZERO, Duration.ZERO, false))
			.withMessageContaining("invalid");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> lock.tryLock(Duration.ZERO, Duration.ofMillis(-5), false));
		assertThatIllegalArgumentException()
			.isThrownBy(() -> lock.tryLock(Duration.ofSeconds(-1), Duration.ofSeconds(1), false));
		assertThatIllegalArgumentException().isThrownBy(() -> lock.tryLock(0, 0, TimeUnit.SECONDS));
		assertThatIllegalArgumentException().isThrownBy(() -> instance.client.getLock(" "));
		assertThat(commandCount("evalsha") + commandCount("eval")).isEqualTo(before);
		assertThat(LockClientProbe.activeLockCount(instance.client)).isZero();
	}

	@Test
	void fencingTokensGrowAcrossInstancesAndReacquisitions() throws Exception {
		List<LockClientInstance> instances = List.of(instance().start(), instance().start(), instance().start());
		List<Long> tokens = new ArrayList<>();
		for (int round = 0; round < 20; round++) {
			LockClientInstance instance = instances.get(round % instances.size());
			long token = CompletableFuture.supplyAsync(() -> {
				DistributedLock lock = instance.client.getLock("fenced");
				lock.lock();
				try {
					return lock.getFencingToken();
				}
				finally {
					lock.unlock();
				}
			}).get(10, TimeUnit.SECONDS);
			tokens.add(token);
		}
		assertThat(tokens).isSorted().doesNotHaveDuplicates();
	}

	@Test
	void fencingTokensKeepGrowingAfterTheServerLostItsTokenCounter() throws Exception {
		LockClientInstance instance = instance().start();
		DistributedLock lock = instance.client.getLock("fence-expired");
		lock.lock();
		long first = lock.getFencingToken();
		lock.unlock();
		instance.redis.delete(instance.keys.fenceCounterKey("fence-expired"));
		lock.lock();
		long second = lock.getFencingToken();
		lock.unlock();
		assertThat(second).isGreaterThan(first);
	}

}
