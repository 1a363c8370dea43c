// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redis;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import io.github.redislock.core.DistributedLock;
import io.github.redislock.core.LockLostException;
import io.github.redislock.engine.LockClientProbe;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * The lease frees the lock of a holder that stopped renewing, and renewal keeps a live
 * holder exclusive for as long as it holds, with nothing left running after release.
 *
 * @author redis-lock contributors
 */
class LeaseTests extends RedisLockTestSupport {

	@Test
	void leaseExpiryFreesTheLockOfAHolderThatDoesNotRenew() throws Exception {
		LockClientInstance crashed = instance().start();
		LockClientInstance survivor = instance().start();
		DistributedLock abandoned = crashed.client.getLock("expiring");
		long started = System.nanoTime();
		assertThat(abandoned.tryLock(Duration.ZERO, Duration.ofMillis(500), false)).isTrue();
		DistributedLock lock = survivor.client.getLock("expiring");
		assertThat(lock.tryLock(Duration.ofSeconds(5), Duration.ofSeconds(10), false)).isTrue();
		long waitedMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
		assertThat(waitedMillis).as("acquired once the abandoned lease ran out").isBetween(300L, 4000L);
		assertThat(abandoned.isHeldByCurrentThread()).as("the old holder knows its lease ran out").isFalse();
		lock.unlock();
		assertThatExceptionOfType(LockLostException.class).isThrownBy(abandoned::unlock);
	}

	@Test
	void renewalKeepsTheHolderExclusiveForThreeTimesItsLease() throws Exception {
		LockClientInstance holder = instance().start();
		LockClientInstance contender = instance().start();
		Duration lease = Duration.ofMillis(1500);
		DistributedLock lock = holder.client.getLock("renewed");
		assertThat(lock.tryLock(Duration.ZERO, lease, true)).isTrue();
		DistributedLock other = contender.client.getLock("renewed");
		long until = System.nanoTime() + lease.multipliedBy(3).toNanos();
		int attempts = 0;
		while (System.nanoTime() - until < 0 && attempts++ < 1000) {
			assertThat(LockProbe.isFree(other, Duration.ofMillis(100))).isFalse();
		}
		assertThat(lock.isHeldByCurrentThread()).isTrue();
		assertThat(holder.lostEvents).isEmpty();
		assertThat(LockClientProbe.renewalCount(holder.client)).isEqualTo(1);
		lock.unlock();
		assertThat(LockClientProbe.renewalCount(holder.client)).as("no renewal after release").isZero();
		assertThat(lockKeys()).as("no key after release").isEmpty();
	}

	@Test
	void holdWithoutRenewalHasNoRenewalTask() throws Exception {
		LockClientInstance holder = instance().start();
		DistributedLock lock = holder.client.getLock("unrenewed");
		Duration lease = Duration.ofSeconds(5);
		long before = System.nanoTime();
		assertThat(lock.tryLock(Duration.ZERO, lease, false)).isTrue();
		try {
			Duration remaining = lock.getRemainingLease();
			Duration elapsed = Duration.ofNanos(System.nanoTime() - before);
			assertThat(LockClientProbe.renewalCount(holder.client)).isZero();
			assertThat(remaining).isLessThanOrEqualTo(lease).isGreaterThanOrEqualTo(lease.minus(elapsed));
		}
		finally {
			lock.unlock();
		}
	}

	@Test
	void renewalStopsWhenTheHoldingThreadEnds() throws Exception {
		Duration lease = Duration.ofMillis(1500);
		LockClientInstance holder = instance().leaseTime(lease).start();
		LockClientInstance contender = instance().start();
		CountDownLatch acquired = new CountDownLatch(1);
		Thread thread = new Thread(() -> {
			if (holder.client.getLock("orphaned").tryLock()) {
				acquired.countDown();
			}
		});
		thread.start();
		assertThat(acquired.await(5, TimeUnit.SECONDS)).isTrue();
		thread.join(5000);
		assertThat(thread.isAlive()).isFalse();
		DistributedLock lock = contender.client.getLock("orphaned");
		assertThat(lock.tryLock(Duration.ofSeconds(5), Duration.ofSeconds(5), false))
			.as("a thread that ended holding the lock does not keep it renewed forever")
			.isTrue();
		lock.unlock();
		await().atMost(Duration.ofSeconds(5)).until(() -> LockClientProbe.renewalCount(holder.client) == 0);
	}

}
