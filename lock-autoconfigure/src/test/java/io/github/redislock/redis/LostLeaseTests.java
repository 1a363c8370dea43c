// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redis;

import java.time.Duration;

import io.github.redislock.core.DistributedLock;
import io.github.redislock.core.LockLostException;
import io.github.redislock.engine.LockClientProbe;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * A holder whose lock disappears behind its back learns of it: from the renewal (a
 * listener call and {@code isHeldByCurrentThread() == false}) and at release (an
 * exception), and its release never touches the next holder's lock.
 *
 * @author redis-lock contributors
 */
class LostLeaseTests extends RedisLockTestSupport {

	@Test
	void deletedKeyIsDetectedByRenewalAndReportedAtRelease() throws Exception {
		LockClientInstance holder = instance().start();
		DistributedLock lock = holder.client.getLock("lost");
		assertThat(lock.tryLock(Duration.ZERO, Duration.ofMillis(900), true)).isTrue();
		long fencingToken = lock.getFencingToken();
		holder.redis.delete(holder.keys.lockKey("lost"));
		await().atMost(Duration.ofSeconds(5)).until(() -> !holder.lostEvents.isEmpty());
		assertThat(holder.lostEvents).singleElement().satisfies((event) -> {
			assertThat(event.lockName()).isEqualTo("lost");
			assertThat(event.fencingToken()).isEqualTo(fencingToken);
		});
		assertThat(lock.isHeldByCurrentThread()).isFalse();
		assertThat(LockClientProbe.renewalCount(holder.client)).as("renewal stops once lost").isZero();
		assertThatExceptionOfType(LockLostException.class).isThrownBy(lock::unlock)
			.satisfies((ex) -> assertThat(ex.getLockName()).isEqualTo("lost"));
		assertThat(lock.getHoldCount()).isZero();
		assertThat(holder.lostEvents).as("reported once").hasSize(1);
	}

	@Test
	void releaseAfterTheLockPassedToAnotherHolderLeavesThatHolderIntact() throws Exception {
		LockClientInstance first = instance().start();
		LockClientInstance second = instance().start();
		DistributedLock stale = first.client.getLock("passed-on");
		assertThat(stale.tryLock(Duration.ZERO, Duration.ofMillis(300), false)).isTrue();
		long staleToken = stale.getFencingToken();
		DistributedLock next = second.client.getLock("passed-on");
		assertThat(next.tryLock(Duration.ofSeconds(5), Duration.ofSeconds(10), false)).isTrue();
		try {
			assertThat(next.getFencingToken()).isGreaterThan(staleToken);
			assertThatExceptionOfType(LockLostException.class).isThrownBy(stale::unlock);
			assertThat(first.lostEvents).hasSize(1);
			assertThat(next.isHeldByCurrentThread()).isTrue();
			assertThat(first.redis.hasKey(first.keys.lockKey("passed-on"))).isTrue();
		}
		finally {
			next.unlock();
		}
	}

	@Test
	void reentryIntoALostLockFails() throws Exception {
		LockClientInstance holder = instance().start();
		DistributedLock lock = holder.client.getLock("lost-reentry");
		assertThat(lock.tryLock(Duration.ZERO, Duration.ofMillis(200), false)).isTrue();
		await().pollInSameThread().atMost(Duration.ofSeconds(5)).until(() -> !lock.isHeldByCurrentThread());
		assertThatExceptionOfType(LockLostException.class)
			.isThrownBy(() -> lock.tryLock(Duration.ZERO, Duration.ofSeconds(1), false));
		// The client counts the lease from before its request was sent, so Redis may keep
		// the key a moment longer; a release in that moment still held the lock, and
		// rightly reports no loss.
		await().atMost(Duration.ofSeconds(5)).until(() -> !holder.redis.hasKey(holder.keys.lockKey("lost-reentry")));
		assertThatExceptionOfType(LockLostException.class).isThrownBy(lock::unlock);
	}

	@Test
	void reentryFailedByAListenerThatThrowsAnErrorLeavesNoHoldBehind() throws Exception {
		LockClientInstance holder = instance().lostListener((event) -> {
			throw new AssertionError("listener failed");
		}).start();
		DistributedLock lock = holder.client.getLock("listener-error");
		assertThat(lock.tryLock(Duration.ZERO, Duration.ofSeconds(10), false)).isTrue();
		holder.redis.delete(holder.keys.lockKey("listener-error"));
		assertThatExceptionOfType(AssertionError.class)
			.isThrownBy(() -> lock.tryLock(Duration.ZERO, Duration.ofSeconds(20), false));
		assertThat(lock.getHoldCount()).isOne();
		assertThatExceptionOfType(LockLostException.class).isThrownBy(lock::unlock);
		assertThat(lock.getHoldCount()).isZero();
		LockClientInstance other = instance().start();
		DistributedLock again = other.client.getLock("listener-error");
		assertThat(again.tryLock(Duration.ZERO, Duration.ofSeconds(10), false)).isTrue();
		again.unlock();
	}

}
