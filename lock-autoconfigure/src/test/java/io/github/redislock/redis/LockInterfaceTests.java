// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redis;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Lock;

import io.github.redislock.core.DistributedLock;
import io.github.redislock.engine.LockClientProbe;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Each handle keeps the {@link Lock} contract, so code written against
 * {@code java.util.concurrent.locks.Lock} works with a distributed lock unchanged.
 *
 * @author redis-lock contributors
 */
class LockInterfaceTests extends RedisLockTestSupport {

	@Test
	void lockMethodsAcquireAndUnlockReleases() throws Exception {
		LockClientInstance instance = instance().start();
		Lock lock = instance.client.getLock("contract");
		lock.lock();
		lock.unlock();
		lock.lockInterruptibly();
		lock.unlock();
		assertThat(lock.tryLock()).isTrue();
		lock.unlock();
		assertThat(lock.tryLock(1, TimeUnit.SECONDS)).isTrue();
		lock.unlock();
		assertThat(lockKeys()).isEmpty();
	}

	@Test
	void lockUsesTheClientsLeaseAndRenewsIt() throws Exception {
		Duration lease = Duration.ofSeconds(3);
		LockClientInstance instance = instance().leaseTime(lease).start();
		DistributedLock lock = instance.client.getLock("default-lease");
		long before = System.nanoTime();
		lock.lock();
		try {
			Duration remaining = lock.getRemainingLease();
			Duration elapsed = Duration.ofNanos(System.nanoTime() - before);
			assertThat(remaining).isLessThanOrEqualTo(lease).isGreaterThanOrEqualTo(lease.minus(elapsed));
			assertThat(LockClientProbe.renewalCount(instance.client)).isEqualTo(1);
		}
		finally {
			lock.unlock();
		}
	}

	@Test
	void tryLockOnABusyLockAnswersFalse() throws Exception {
		LockClientInstance holder = instance().start();
		LockClientInstance other = instance().start();
		DistributedLock held = holder.client.getLock("busy-contract");
		held.lock();
		try {
			boolean acquired = CompletableFuture.supplyAsync(() -> other.client.getLock("busy-contract").tryLock())
				.get(10, TimeUnit.SECONDS);
			assertThat(acquired).isFalse();
		}
		finally {
			held.unlock();
		}
	}

	@Test
	void lockKeepsWaitingThroughAnInterruptAndRestoresTheFlag() throws Exception {
		LockClientInstance instance = instance().start();
		DistributedLock lock = instance.client.getLock("uninterruptible");
		Thread.currentThread().interrupt();
		lock.lock();
		try {
			assertThat(Thread.interrupted()).as("interrupt flag kept").isTrue();
			assertThat(lock.isHeldByCurrentThread()).isTrue();
		}
		finally {
			lock.unlock();
		}
	}

	@Test
	void releaseReachesRedisEvenWhenTheThreadIsInterrupted() throws Exception {
		LockClientInstance instance = instance().start();
		DistributedLock lock = instance.client.getLock("interrupted-release");
		lock.lock();
		Thread.currentThread().interrupt();
		try {
			lock.unlock();
			assertThat(Thread.currentThread().isInterrupted()).as("interrupt flag kept").isTrue();
		}
		finally {
			Thread.interrupted();
		}
		assertThat(lockKeys()).isEmpty();
	}

	@Test
	void newConditionIsNotSupported() {
		LockClientInstance instance = instance().start();
		assertThatExceptionOfType(UnsupportedOperationException.class)
			.isThrownBy(() -> instance.client.getLock("conditional").newCondition())
			.withMessageContaining("conditional");
	}

}
