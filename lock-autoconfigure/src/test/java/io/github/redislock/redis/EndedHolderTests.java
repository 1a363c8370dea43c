// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redis;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import io.github.redislock.core.DistributedLock;
import io.github.redislock.engine.LockClientProbe;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A thread that ends while holding a lock, without unlocking it, frees it for everyone
 * once Redis lets its lease run out: other instances, and the other threads of its own
 * instance too, which queue behind it locally. Its instance forgets the lock.
 *
 * @author redis-lock contributors
 */
class EndedHolderTests extends RedisLockTestSupport {

	private static final Duration LEASE = Duration.ofSeconds(1);

	@ParameterizedTest(name = "renewed: {0}")
	@ValueSource(booleans = { false, true })
	void aThreadOfTheSameInstanceWaitingForTheLockGetsItOnceTheLeaseRunsOut(boolean renew) throws Exception {
		LockClientInstance instance = instance().start();
		LockClientInstance other = instance().start();
		String key = instance.keys.lockKey("ended-holder");
		CountDownLatch end = new CountDownLatch(1);
		long heldSince = holdAndEnd(instance, renew, end);

		CountDownLatch waiterHolds = new CountDownLatch(1);
		CountDownLatch waiterMayRelease = new CountDownLatch(1);
		AtomicLong waiterHoldsSince = new AtomicLong();
		AtomicReference<Throwable> waiterFailure = new AtomicReference<>();
		Thread waiter = new Thread(() -> {
			DistributedLock lock = instance.client.getLock("ended-holder");
			try {
				if (lock.tryLock(Duration.ofSeconds(10), Duration.ofSeconds(10), false)) {
					waiterHoldsSince.set(System.nanoTime());
					waiterHolds.countDown();
					waiterMayRelease.await(10, TimeUnit.SECONDS);
					lock.unlock();
				}
			}
			catch (Throwable ex) {
				waiterFailure.set(ex);
			}
		}, "waiter");
		waiter.start();
		// Queued locally behind the holder while it is still alive.
		awaitBlocked(waiter);
		end.countDown();

		assertThat(waiterHolds.await(5, TimeUnit.SECONDS)).as("waiter of the same instance got the lock").isTrue();
		try {
			assertThat(waiterHoldsSince.get() - heldSince).as("waiter took over only once Redis freed the lock")
				.isGreaterThanOrEqualTo(LEASE.toNanos() - TimeUnit.MILLISECONDS.toNanos(100));
			assertThat(other.client.getLock("ended-holder").tryLock()).as("another instance while the waiter holds")
				.isFalse();
		}
		finally {
			waiterMayRelease.countDown();
			waiter.join(TimeUnit.SECONDS.toMillis(5));
		}
		assertThat(waiterFailure.get()).isNull();
		assertThat(server().command("EXISTS", key)).isEqualTo(0L);
		assertThat(LockClientProbe.activeLockCount(instance.client)).as("lock states left in the instance").isZero();
		assertThat(LockClientProbe.renewalCount(instance.client)).isZero();

		DistributedLock next = other.client.getLock("ended-holder");
		assertThat(next.tryLock(Duration.ZERO, LEASE, false)).as("another instance afterwards").isTrue();
		next.unlock();
	}

	@ParameterizedTest(name = "renewed: {0}")
	@ValueSource(booleans = { false, true })
	void anInstanceForgetsALockWhoseHolderEndedAndServesItAgain(boolean renew) throws Exception {
		LockClientInstance instance = instance().start();
		LockClientInstance other = instance().start();
		CountDownLatch end = new CountDownLatch(0);
		holdAndEnd(instance, renew, end);

		await("the instance forgets the lock of the ended thread").atMost(Duration.ofSeconds(5))
			.until(() -> LockClientProbe.activeLockCount(instance.client) == 0
					&& LockClientProbe.renewalCount(instance.client) == 0);
		DistributedLock lock = other.client.getLock("ended-holder");
		assertThat(lock.tryLock(Duration.ofSeconds(5), LEASE, false)).as("another instance once the lease ran out")
			.isTrue();
		lock.unlock();
		DistributedLock again = instance.client.getLock("ended-holder");
		assertThat(again.tryLock(Duration.ZERO, LEASE, false)).as("another thread of the same instance").isTrue();
		assertThat(other.client.getLock("ended-holder").tryLock()).isFalse();
		again.unlock();
		assertThat(LockClientProbe.activeLockCount(instance.client)).isZero();
	}

	/**
	 * Start a thread that takes the lock and ends, once told to, without unlocking it.
	 * @return when the thread held the lock, by {@link System#nanoTime()}
	 */
	private static long holdAndEnd(LockClientInstance instance, boolean renew, CountDownLatch end)
			throws InterruptedException {
		CountDownLatch holds = new CountDownLatch(1);
		AtomicLong heldSince = new AtomicLong();
		Thread holder = new Thread(() -> {
			try {
				long requestedAt = System.nanoTime();
				if (instance.client.getLock("ended-holder").tryLock(Duration.ZERO, LEASE, renew)) {
					heldSince.set(requestedAt);
					holds.countDown();
				}
				end.await(10, TimeUnit.SECONDS);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
			// Ends without unlocking.
		}, "ending-holder");
		holder.start();
		assertThat(holds.await(5, TimeUnit.SECONDS)).as("holder took the lock").isTrue();
		if (end.getCount() == 0) {
			holder.join(TimeUnit.SECONDS.toMillis(5));
			assertThat(holder.isAlive()).isFalse();
		}
		return heldSince.get();
	}

}
