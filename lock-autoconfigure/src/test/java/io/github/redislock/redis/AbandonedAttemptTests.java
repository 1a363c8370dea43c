// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.redis;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import io.github.redislock.core.DistributedLock;
import io.github.redislock.core.LockStoreException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * An acquisition that failed because Redis stalled past the command timeout leaves
 * nothing behind once Redis runs it late: neither a lock held for a caller that gave up,
 * nor a queued place that a release would hand the lock to. Found by the torture suite,
 * where such leftovers kept a lock unused for a whole lease after Redis resumed.
 *
 * @author redis-lock contributors
 */
class AbandonedAttemptTests extends RedisLockTestSupport {

	private static final Duration COMMAND_TIMEOUT = Duration.ofMillis(300);

	private static final Duration LONG_LEASE = Duration.ofMinutes(1);

	@Test
	void anAcquisitionThatTimedOutWhileRedisWasPausedDoesNotHoldTheLockWhenRedisRunsIt() throws Exception {
		LockClientInstance caller = instance().commandTimeout(COMMAND_TIMEOUT).start();
		LockClientInstance other = instance().start();
		DistributedLock lock = caller.client.getLock("abandoned");
		warmUp(caller);
		server().pause();
		try {
			assertThatExceptionOfType(LockStoreException.class)
				.isThrownBy(() -> lock.tryLock(Duration.ZERO, LONG_LEASE, false));
		}
		finally {
			server().resume();
		}
		// Redis ran the attempt on resume; without the take-back the lock would stay
		// taken for its one-minute lease.
		DistributedLock otherLock = other.client.getLock("abandoned");
		await().atMost(Duration.ofSeconds(10))
			.pollInSameThread()
			.until(() -> otherLock.tryLock(Duration.ZERO, Duration.ofSeconds(10), false));
		otherLock.unlock();
		// The caller's thread goes on with a fresh owner token, and locks as before.
		assertThat(lock.tryLock(Duration.ofSeconds(5), Duration.ofSeconds(10), false)).isTrue();
		lock.unlock();
	}

	@Test
	void aWaiterWhoseAttemptTimedOutWhileRedisWasPausedIsNotHandedTheLock() throws Exception {
		LockClientInstance holder = instance().start();
		LockClientInstance waiter = instance().commandTimeout(COMMAND_TIMEOUT).start();
		LockClientInstance other = instance().start();
		DistributedLock held = holder.client.getLock("abandoned-wait");
		assertThat(held.tryLock(Duration.ZERO, LONG_LEASE, false)).isTrue();
		CompletableFuture<Boolean> waiting = CompletableFuture.supplyAsync(() -> {
			try {
				return waiter.client.getLock("abandoned-wait").tryLock(Duration.ofSeconds(20), LONG_LEASE, false);
			}
			catch (InterruptedException ex) {
				throw new IllegalStateException(ex);
			}
		});
		String waitersKey = new RedisLockKeys("lock:").waitersKey("abandoned-wait");
		await().atMost(Duration.ofSeconds(10))
			.until(() -> ((Number) server().command("HLEN", waitersKey)).longValue() == 1);
		server().pause();
		try {
			// The waiter's next attempt runs into the pause and fails.
			assertThatExceptionOfType(ExecutionException.class).isThrownBy(() -> waiting.get(10, TimeUnit.SECONDS))
				.withCauseInstanceOf(LockStoreException.class);
		}
		finally {
			server().resume();
		}
		// Redis ran the failed attempt on resume, queueing the waiter again; without the
		// take-back, this release would hand the lock to it for its one-minute lease.
		held.unlock();
		DistributedLock otherLock = other.client.getLock("abandoned-wait");
		await().atMost(Duration.ofSeconds(10))
			.pollInSameThread()
			.until(() -> otherLock.tryLock(Duration.ZERO, Duration.ofSeconds(10), false));
		otherLock.unlock();
	}

	private static void warmUp(LockClientInstance instance) throws InterruptedException {
		DistributedLock lock = instance.client.getLock("warm-up");
		assertThat(lock.tryLock(Duration.ofSeconds(5), Duration.ofSeconds(10), false)).isTrue();
		lock.unlock();
	}

}
