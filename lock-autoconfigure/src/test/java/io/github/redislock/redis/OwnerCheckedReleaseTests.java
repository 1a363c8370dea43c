// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redis;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.github.redislock.core.DistributedLock;
import io.github.redislock.core.LockLostException;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Only the holder can release a lock: a release by another thread or instance fails and
 * leaves the holder's lock as it was.
 *
 * @author redis-lock contributors
 */
class OwnerCheckedReleaseTests extends RedisLockTestSupport {

	@Test
	void releaseByAnotherThreadFailsAndLeavesTheLockHeld() throws Exception {
		LockClientInstance instance = instance().start();
		DistributedLock lock = instance.client.getLock("owned");
		lock.lock();
		try {
			Throwable failure = CompletableFuture.supplyAsync(() -> {
				try {
					instance.client.getLock("owned").unlock();
					return null;
				}
				catch (Throwable ex) {
					return ex;
				}
			}).get(10, TimeUnit.SECONDS);
			assertThat(failure).isInstanceOf(IllegalMonitorStateException.class).hasMessageContaining("owned");
			assertThat(lock.isHeldByCurrentThread()).isTrue();
			assertThat(lock.getHoldCount()).isEqualTo(1);
		}
		finally {
			lock.unlock();
		}
	}

	@Test
	void releaseByAnotherInstanceFailsAndLeavesTheLockHeld() throws Exception {
		LockClientInstance owner = instance().start();
		LockClientInstance stranger = instance().start();
		DistributedLock lock = owner.client.getLock("owned-elsewhere");
		lock.lock();
		try {
			assertThatExceptionOfType(IllegalMonitorStateException.class)
				.isThrownBy(() -> stranger.client.getLock("owned-elsewhere").unlock());
			assertThat(stranger.store.release("owned-elsewhere", "forged-token")).isFalse();
			assertThat(owner.redis.hasKey(owner.keys.lockKey("owned-elsewhere"))).isTrue();
			assertThat(stranger.client.getLock("owned-elsewhere").tryLock()).isFalse();
		}
		finally {
			lock.unlock();
		}
		assertThat(lockKeys()).isEmpty();
	}

	@Test
	void aHoldersReleaseBehindItsOwnPassThatWasAnsweredTooLateIsNoLoss() {
		LockClientInstance instance = instance().start();
		RedisLockStore store = instance.store;
		Duration lease = Duration.ofSeconds(30);
		assertThat(store.tryAcquire("passed", "holder", lease).acquired()).isTrue();
		// A pass whose reply came too late: the client gave it up and released the lock
		// it may have passed, and then releases its own, all run by Redis in this order.
		assertThat(store.reacquire("passed", "holder", "next-thread", lease)).isNotNull();
		assertThat(store.release("passed", "next-thread")).isTrue();

		assertThat(store.release("passed", "holder")).as("the holder's own release, after its pass").isTrue();
		assertThat(store.release("passed", "stranger")).as("a release by one that never held it").isFalse();
		assertThat(instance.redis.hasKey(instance.keys.lockKey("passed"))).isFalse();
	}

	@Test
	void releaseOfALockNeverHeldFails() {
		LockClientInstance instance = instance().start();
		assertThatExceptionOfType(IllegalMonitorStateException.class)
			.isThrownBy(() -> instance.client.getLock("never-held").unlock());
	}

	@Test
	void forceReleaseFreesAnAbandonedLock() throws Exception {
		LockClientInstance holder = instance().start();
		LockClientInstance operator = instance().start();
		assertThat(holder.client.getLock("abandoned").tryLock(Duration.ZERO, Duration.ofMinutes(1), false)).isTrue();
		assertThat(operator.store.forceRelease("abandoned")).isTrue();
		assertThat(operator.store.forceRelease("abandoned")).isFalse();
		DistributedLock lock = operator.client.getLock("abandoned");
		assertThat(lock.tryLock()).isTrue();
		lock.unlock();
		assertThatExceptionOfType(LockLostException.class)
			.isThrownBy(() -> holder.client.getLock("abandoned").unlock());
	}

}
