// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redis;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.github.redislock.core.DistributedLock;
import io.github.redislock.engine.LockClientProbe;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * With local hand-offs allowed, a releasing thread passes the lock to the next thread of
 * its instance without a round trip, a bounded number of times before the lock goes back
 * to Redis, and mutual exclusion across instances still holds.
 *
 * @author redis-lock contributors
 */
class LocalHandoffTests extends RedisLockTestSupport {

	@Test
	void readModifyWriteWithHandoffsFromThreeInstancesEndsExact() throws Exception {
		List<LockClientInstance> instances = new ArrayList<>();
		for (int i = 0; i < 3; i++) {
			instances.add(instance().maxLocalHandoffs(4).start());
		}
		CounterWorkload workload = new CounterWorkload("test:handoff-counter", "handoff-counter", 16, 130);
		int maxOccupancy = workload.run(instances);
		assertThat(instances.get(0).redis.opsForValue().get(workload.counterKey()))
			.isEqualTo(Integer.toString(workload.expectedCount(instances.size())));
		assertThat(maxOccupancy).isEqualTo(1);
		for (LockClientInstance instance : instances) {
			assertThat(LockClientProbe.activeLockCount(instance.client)).isZero();
		}
	}

	@Test
	void handOffSkipsRedisAndKeepsTheFencingTokenUntilTheLimit() throws Exception {
		LockClientInstance instance = instance().maxLocalHandoffs(1).start();
		DistributedLock lock = instance.client.getLock("handed");
		lock.lock();
		long firstToken = lock.getFencingToken();
		Waiter second = Waiter.start(instance.client.getLock("handed"));
		second.awaitQueued();
		long scriptsBefore = commandCount("evalsha");
		lock.unlock();
		assertThat(second.acquiredToken()).as("handed over with the same Redis acquisition").isEqualTo(firstToken);
		assertThat(commandCount("evalsha")).as("no round trip for the hand-off").isEqualTo(scriptsBefore);
		Waiter third = Waiter.start(instance.client.getLock("handed"));
		third.awaitQueued();
		second.release();
		assertThat(third.acquiredToken()).as("after the limit, a fresh acquisition").isGreaterThan(firstToken);
		third.release();
		assertThat(LockClientProbe.activeLockCount(instance.client)).isZero();
	}

	@Test
	void aHoldWhoseFencingTokenWasRefusedHandsTheNextThreadAFreshToken() throws Exception {
		LockClientInstance instance = instance().maxLocalHandoffs(4).start();
		DistributedLock lock = instance.client.getLock("refused");
		lock.lock();
		long refusedToken = lock.getFencingToken();
		// What a fenced resource does once it saw a newer token than this hold's.
		long resourceToken = refusedToken + 1_000;
		lock.raiseFencingTokensAbove(resourceToken);
		Waiter second = Waiter.start(instance.client.getLock("refused"));
		second.awaitQueued();
		lock.unlock();
		assertThat(second.acquiredToken()).as("the next thread's token").isGreaterThan(resourceToken);
		second.release();
		assertThat(LockClientProbe.activeLockCount(instance.client)).isZero();
	}

	@Test
	void handOffOfAnAgedLeaseExtendsItToTheLeaseTheNextThreadAskedFor() throws Exception {
		Duration lease = Duration.ofSeconds(2);
		LockClientInstance instance = instance().maxLocalHandoffs(1).start();
		DistributedLock lock = instance.client.getLock("aged");
		assertThat(lock.tryLock(Duration.ZERO, lease, false)).isTrue();
		Waiter second = Waiter.start(instance.client.getLock("aged"), lease);
		second.awaitQueued();
		lock.unlock();
		second.acquiredToken();
		Waiter third = Waiter.start(instance.client.getLock("aged"), lease);
		third.awaitQueued();
		// Past the hand-off limit: the lock is reacquired for the third thread.
		second.release();
		third.acquiredToken();
		Waiter fourth = Waiter.start(instance.client.getLock("aged"), lease);
		fourth.awaitQueued();
		// The third thread holds its lease a while before it passes it on as it is.
		Thread.sleep(lease.toMillis() / 2);
		third.release();

		assertThat(fourth.remainingLeaseAtAcquisition()).as("lease of the fourth thread")
			.isGreaterThan(lease.toMillis() * 3 / 4);
		fourth.release();
		assertThat(LockClientProbe.activeLockCount(instance.client)).isZero();
	}

	@Test
	void aLockPassedOnAfterRedisLostItIsReportedLostAndTakenAfresh() throws Exception {
		Duration lease = Duration.ofSeconds(10);
		LockClientInstance instance = instance().maxLocalHandoffs(1).start();
		DistributedLock lock = instance.client.getLock("evicted");
		assertThat(lock.tryLock(Duration.ZERO, lease, false)).isTrue();
		Waiter second = Waiter.start(instance.client.getLock("evicted"), lease);
		second.awaitQueued();
		// Evicted, or lost to a failover, while the first thread works under it.
		instance.redis.delete(instance.keys.lockKey("evicted"));
		lock.unlock();

		assertThat(second.acquiredToken()).as("the second thread's fresh acquisition").isPositive();
		assertThat(instance.redis.hasKey(instance.keys.lockKey("evicted"))).as("held in Redis again").isTrue();
		await().atMost(Duration.ofSeconds(5))
			.untilAsserted(() -> assertThat(instance.lostEvents).singleElement()
				.satisfies((event) -> assertThat(event.reason()).contains("next thread of this instance")));
		second.release();
		assertThat(lockKeys()).isEmpty();
		assertThat(LockClientProbe.activeLockCount(instance.client)).isZero();
	}

	@Test
	void handOffWithoutWaitersReleasesInRedis() throws Exception {
		LockClientInstance instance = instance().maxLocalHandoffs(8).start();
		DistributedLock lock = instance.client.getLock("alone");
		lock.lock();
		lock.unlock();
		assertThat(lockKeys()).isEmpty();
		assertThat(LockClientProbe.activeLockCount(instance.client)).isZero();
	}

	/**
	 * A thread that waits for a lock, reports its fencing token, and releases on request.
	 */
	private static final class Waiter {

		private final Thread thread;

		private final CompletableFuture<Long> acquired = new CompletableFuture<>();

		private final CompletableFuture<Long> remainingLease = new CompletableFuture<>();

		private final CompletableFuture<Void> release = new CompletableFuture<>();

		private final CompletableFuture<Void> released = new CompletableFuture<>();

		private Waiter(DistributedLock lock, @Nullable Duration fixedLease) {
			this.thread = new Thread(() -> {
				try {
					if (fixedLease == null) {
						lock.lock();
					}
					else if (!lock.tryLock(Duration.ofSeconds(10), fixedLease, false)) {
						throw new AssertionError("not acquired");
					}
					this.remainingLease.complete(lock.getRemainingLease().toMillis());
					this.acquired.complete(lock.getFencingToken());
					this.release.get(30, TimeUnit.SECONDS);
					lock.unlock();
					this.released.complete(null);
				}
				catch (Throwable ex) {
					this.acquired.completeExceptionally(ex);
					this.released.completeExceptionally(ex);
				}
			});
		}

		static Waiter start(DistributedLock lock) {
			return start(lock, null);
		}

		/**
		 * Start a waiter that asks for a fixed lease, not renewed.
		 */
		static Waiter start(DistributedLock lock, @Nullable Duration fixedLease) {
			Waiter waiter = new Waiter(lock, fixedLease);
			waiter.thread.start();
			return waiter;
		}

		void awaitQueued() {
			awaitBlocked(this.thread);
		}

		long acquiredToken() throws Exception {
			return this.acquired.get(10, TimeUnit.SECONDS);
		}

		long remainingLeaseAtAcquisition() throws Exception {
			return this.remainingLease.get(10, TimeUnit.SECONDS);
		}

		void release() throws Exception {
			this.release.complete(null);
			this.released.get(10, TimeUnit.SECONDS);
		}

	}

}
