// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redis;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import io.github.redislock.core.DistributedLock;
import io.github.redislock.core.LockLostEvent;
import io.github.redislock.core.LockLostException;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * Lost-lease listeners are user code that may be slow (an HTTP alert) or may throw: the
 * renewal thread never waits for them, so every other lock keeps its lease, and a
 * listener still gets every event.
 *
 * @author redis-lock contributors
 */
class LostLeaseListenerTests extends RedisLockTestSupport {

	private static final Duration SHORT_LEASE = Duration.ofSeconds(2);

	private static final int HEALTHY_LOCKS = 5;

	@Test
	void aListenerThatBlocksDoesNotKeepRenewalFromTheOtherLocks() throws Exception {
		CountDownLatch listenerCalled = new CountDownLatch(1);
		CountDownLatch unblockListener = new CountDownLatch(1);
		List<LockLostEvent> received = new CopyOnWriteArrayList<>();
		LockClientInstance holder = instance().lostListener((event) -> {
			received.add(event);
			listenerCalled.countDown();
			awaitQuietly(unblockListener);
		}).start();
		List<DistributedLock> healthy = new ArrayList<>();
		try {
			for (int i = 0; i < HEALTHY_LOCKS; i++) {
				DistributedLock lock = holder.client.getLock("healthy-" + i);
				assertThat(lock.tryLock(Duration.ZERO, SHORT_LEASE, true)).isTrue();
				healthy.add(lock);
			}
			DistributedLock doomed = holder.client.getLock("doomed");
			assertThat(doomed.tryLock(Duration.ZERO, SHORT_LEASE, true)).isTrue();
			DistributedLock doomedLater = holder.client.getLock("doomed-later");
			assertThat(doomedLater.tryLock(Duration.ZERO, SHORT_LEASE, true)).isTrue();
			holder.redis.delete(holder.keys.lockKey("doomed"));
			assertThat(listenerCalled.await(5, TimeUnit.SECONDS)).as("listener told of the lost lease").isTrue();

			// The listener is blocked now: for three leases, renewal alone keeps every
			// other lock's key, so that no other instance can take it.
			await("every healthy key to stay for three leases").during(SHORT_LEASE.multipliedBy(3))
				.atMost(SHORT_LEASE.multipliedBy(4))
				.pollInterval(Duration.ofMillis(100))
				.untilAsserted(() -> {
					for (int i = 0; i < HEALTHY_LOCKS; i++) {
						assertThat(server().command("EXISTS", holder.keys.lockKey("healthy-" + i)))
							.as("key of healthy-%d", i)
							.isEqualTo(1L);
					}
				});
			assertThat(healthy).allMatch(DistributedLock::isHeldByCurrentThread);

			// Another loss while the listener still blocks: told once it returns.
			holder.redis.delete(holder.keys.lockKey("doomed-later"));
			await("renewal finds doomed-later lost").atMost(Duration.ofSeconds(5))
				.until(() -> !doomedLater.isHeldByCurrentThread());
			assertThat(received).extracting(LockLostEvent::lockName).containsExactly("doomed");
			unblockListener.countDown();
			await("listener told of both losses").atMost(Duration.ofSeconds(5)).until(() -> received.size() == 2);
			assertThat(received).extracting(LockLostEvent::lockName).containsExactly("doomed", "doomed-later");
			assertThatExceptionOfType(LockLostException.class).isThrownBy(doomed::unlock);
			assertThatExceptionOfType(LockLostException.class).isThrownBy(doomedLater::unlock);
			assertThat(received).as("the releases report no loss twice").hasSize(2);
			healthy.forEach(DistributedLock::unlock);
			healthy.clear();
		}
		finally {
			unblockListener.countDown();
			healthy.forEach(DistributedLock::unlock);
		}
	}

	@Test
	void aListenerThatThrowsIsStillToldOfEveryLaterLoss() throws Exception {
		List<String> received = new CopyOnWriteArrayList<>();
		LockClientInstance holder = instance().lostListener((event) -> {
			received.add(event.lockName());
			throw new IllegalStateException("listener failed on " + event.lockName());
		}).start();
		List<DistributedLock> locks = new ArrayList<>();
		for (int i = 0; i < 3; i++) {
			DistributedLock lock = holder.client.getLock("thrown-" + i);
			assertThat(lock.tryLock(Duration.ZERO, SHORT_LEASE, true)).isTrue();
			locks.add(lock);
		}
		for (int i = 0; i < 3; i++) {
			int lost = i;
			holder.redis.delete(holder.keys.lockKey("thrown-" + i));
			await("loss of thrown-" + i + " reported").atMost(Duration.ofSeconds(5))
				.until(() -> received.size() > lost);
		}
		assertThat(received).containsExactly("thrown-0", "thrown-1", "thrown-2");
		for (DistributedLock lock : locks) {
			assertThatExceptionOfType(LockLostException.class).isThrownBy(lock::unlock);
		}
		assertThat(received).as("the release reports no loss twice").hasSize(3);
	}

	private static void awaitQuietly(CountDownLatch latch) {
		try {
			latch.await(30, TimeUnit.SECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

}
