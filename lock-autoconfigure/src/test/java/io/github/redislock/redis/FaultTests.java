// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redis;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import io.github.redislock.core.DistributedLock;
import io.github.redislock.core.LockStoreException;
import io.github.redislock.engine.LockClientProbe;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * When Redis dies, hangs or restarts, locking fails closed with a clear exception within
 * a bounded time, leaves nothing behind, and works again once Redis is back.
 *
 * @author redis-lock contributors
 */
class FaultTests extends RedisLockTestSupport {

	private static final Duration COMMAND_TIMEOUT = Duration.ofMillis(500);

	@Test
	void redisKilledWhileAThreadWaitsFailsTheWaitWithinItsBound() throws Exception {
		LockClientInstance holder = instance().commandTimeout(COMMAND_TIMEOUT).start();
		LockClientInstance waiter = instance().commandTimeout(COMMAND_TIMEOUT).start();
		DistributedLock held = holder.client.getLock("killed");
		assertThat(held.tryLock(Duration.ZERO, Duration.ofSeconds(30), false)).isTrue();
		CountDownLatch waiting = new CountDownLatch(1);
		Duration waitTime = Duration.ofSeconds(5);
		long started = System.nanoTime();
		CompletableFuture<Boolean> outcome = CompletableFuture.supplyAsync(() -> {
			waiting.countDown();
			try {
				return waiter.client.getLock("killed").tryLock(waitTime, Duration.ofSeconds(10), false);
			}
			catch (InterruptedException ex) {
				throw new IllegalStateException(ex);
			}
		});
		assertThat(waiting.await(5, TimeUnit.SECONDS)).isTrue();
		// The lock's channel and the one of hand-offs to the waiter's client.
		await().atMost(Duration.ofSeconds(5)).until(() -> subscribedChannels().size() == 2);
		server().kill();
		assertThatExceptionOfType(ExecutionException.class).isThrownBy(() -> outcome.get(20, TimeUnit.SECONDS))
			.withCauseInstanceOf(LockStoreException.class)
			.withMessageContaining("killed");
		long tookMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
		assertThat(tookMillis).isLessThan(waitTime.plus(COMMAND_TIMEOUT).plusSeconds(1).toMillis());
		assertThat(LockClientProbe.activeLockCount(waiter.client)).as("nothing left behind").isZero();
		assertThat(LockClientProbe.renewalCount(waiter.client)).isZero();
		server().restart();
		assertThatExceptionOfType(RuntimeException.class).isThrownBy(held::unlock);
	}

	@Test
	void redisErrorReplyIsQuotedInTheStoreFailure() {
		LockClientInstance instance = instance().start();
		String key = instance.keys.lockKey("wrong-type");
		instance.redis.opsForHash().put(key, "f", "v");
		assertThatExceptionOfType(LockStoreException.class)
			.isThrownBy(
					() -> instance.client.getLock("wrong-type").tryLock(Duration.ZERO, Duration.ofSeconds(10), false))
			.withMessageContaining("'wrong-type'")
			.withMessageContaining("WRONGTYPE");
		instance.redis.delete(key);
	}

	@Test
	void redisPausedFailsAcquisitionWithinABoundedTimeAndWorksAfterResume() throws Exception {
		LockClientInstance instance = instance().commandTimeout(COMMAND_TIMEOUT).start();
		DistributedLock lock = instance.client.getLock("paused");
		server().pause();
		try {
			long started = System.nanoTime();
			assertThatExceptionOfType(LockStoreException.class)
				.isThrownBy(() -> lock.tryLock(Duration.ofSeconds(1), Duration.ofSeconds(10), true))
				.withMessageContaining("paused");
			long tookMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
			assertThat(tookMillis).isLessThan(COMMAND_TIMEOUT.plusSeconds(2).toMillis());
			assertThat(LockClientProbe.renewalCount(instance.client)).as("no renewal for a failed acquisition")
				.isZero();
			assertThat(lock.isHeldByCurrentThread()).isFalse();
		}
		finally {
			server().resume();
		}
		// The lost reply may have left a key for this owner: it is ours again, or it
		// expires.
		assertThat(lock.tryLock(Duration.ofSeconds(15), Duration.ofSeconds(10), true)).isTrue();
		lock.unlock();
		assertThat(LockClientProbe.activeLockCount(instance.client)).isZero();
	}

	@Test
	void interruptDuringAnAcquireCommandEndsTheWaitAndLeavesNothingBehind() throws Exception {
		LockClientInstance instance = instance().commandTimeout(Duration.ofSeconds(5)).start();
		DistributedLock warmUp = instance.client.getLock("interrupted-command");
		warmUp.lock();
		warmUp.unlock();
		server().pause();
		CompletableFuture<Throwable> outcome = new CompletableFuture<>();
		Thread thread = new Thread(() -> {
			try {
				instance.client.getLock("interrupted-command")
					.tryLock(Duration.ofSeconds(30), Duration.ofSeconds(30), true);
				outcome.complete(null);
			}
			catch (Throwable ex) {
				outcome.complete(ex);
			}
		});
		try {
			thread.start();
			awaitBlocked(thread);
			thread.interrupt();
			assertThat(outcome.get(10, TimeUnit.SECONDS)).isInstanceOf(InterruptedException.class)
				.hasMessageContaining("interrupted-command");
		}
		finally {
			server().resume();
		}
		// The acquire queued in the paused server ran on resume; the release sent after
		// the
		// interrupt follows it, so the key does not outlive the failed acquisition.
		await().atMost(Duration.ofSeconds(10)).until(() -> lockKeys().isEmpty());
		assertThat(LockClientProbe.activeLockCount(instance.client)).isZero();
		assertThat(LockClientProbe.renewalCount(instance.client)).isZero();
	}

	@Test
	void clientRecoversAfterRedisRestarts() throws Exception {
		LockClientInstance instance = instance().commandTimeout(COMMAND_TIMEOUT).start();
		DistributedLock lock = instance.client.getLock("restarted");
		lock.lock();
		lock.unlock();
		server().restart();
		boolean acquired = false;
		for (int attempt = 0; attempt < 50 && !acquired; attempt++) {
			try {
				acquired = lock.tryLock(Duration.ofSeconds(1), Duration.ofSeconds(10), true);
			}
			catch (LockStoreException ex) {
				// Still reconnecting: try again, within the bounded number of attempts.
			}
		}
		assertThat(acquired).isTrue();
		lock.unlock();
	}

}
