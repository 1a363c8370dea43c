// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redis;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;

import io.github.redislock.core.DistributedLock;
import io.github.redislock.core.LockBackoff;
import io.github.redislock.core.LockDefinition;
import io.github.redislock.core.LockOperations;
import io.github.redislock.engine.LockClientProbe;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.awaitility.Awaitility.await;

/**
 * Leases are bounded by the longest the engine can count, about 292 years: a longer one
 * is refused before Redis sees it, so it never leaves a key behind, while the longest
 * works end to end; one shorter than a round trip to Redis is granted too late to use,
 * given back, and the log says why. Wait times have no bound: a huge one waits for as
 * long as it takes.
 *
 * @author redis-lock contributors
 */
@ExtendWith(OutputCaptureExtension.class)
class LeaseBoundsTests extends RedisLockTestSupport {

	private static final Duration LONGEST_LEASE = Duration.ofNanos(Long.MAX_VALUE);

	private static final Duration NO_END = Duration.ofSeconds(Long.MAX_VALUE);

	@Test
	void aLeaseAboveTheLongestIsRefusedBeforeRedisAndLeavesNoKey() throws Exception {
		StoreCalls calls = new StoreCalls();
		LockClientInstance instance = instance().storeDecorator(calls).start();
		LockClientInstance other = instance().start();
		DistributedLock lock = instance.client.getLock("millennial");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> lock.tryLock(Duration.ZERO, Duration.ofDays(365_000), false))
			.withMessageContaining("'millennial'")
			.withMessageContaining("was PT8760000H");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> lock.tryLock(Duration.ZERO, LONGEST_LEASE.plusNanos(1), true))
			.withMessageContaining("'millennial'");
		assertThatIllegalArgumentException().isThrownBy(() -> lock.tryLock(0, 106_752, TimeUnit.DAYS))
			.withMessageContaining("'millennial'")
			.withMessageContaining("was 106752 DAYS");
		assertThat(calls.count()).as("calls to the store").isZero();
		assertThat(lockKeys()).isEmpty();
		assertThat(LockClientProbe.activeLockCount(instance.client)).isZero();
		assertThat(LockProbe.isFree(other.client.getLock("millennial"), Duration.ZERO)).isTrue();
	}

	@Test
	void aLeaseShorterThanARoundTripEndsTheWaitWithAnErrorNamingTheLock(CapturedOutput output) throws Exception {
		LockClientInstance instance = instance().start();
		DistributedLock lock = instance.client.getLock("fleeting");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> lock.tryLock(Duration.ofSeconds(10), Duration.ofMillis(1), false))
			.withMessageContaining("Lease time of lock 'fleeting' (1 ms) is gone before the store's answer comes");
		assertThat(output).contains("Lock 'fleeting' was granted with under 1 ms of its 1 ms lease left");
		assertThat(instance.client
			.tryAcquireAsync(new LockDefinition("fleeting", Duration.ofMillis(1), Duration.ofSeconds(10), false)))
			.failsWithin(Duration.ofSeconds(10))
			.withThrowableThat()
			.havingCause()
			.isInstanceOf(IllegalArgumentException.class)
			.withMessageContaining("'fleeting'");
		assertThat(instance.client
			.tryAcquireAsync(new LockDefinition("fleeting", Duration.ofMillis(1), Duration.ZERO, false))
			.get(10, TimeUnit.SECONDS)).as("without a wait, one grant too late").isEmpty();
		await().atMost(Duration.ofSeconds(5)).untilAsserted(() -> assertThat(lockKeys()).isEmpty());
		assertThat(LockClientProbe.activeLockCount(instance.client)).isZero();
	}

	@Test
	void theLongestLeaseIsHeldRenewedFencedAndReleased() throws Exception {
		LockClientInstance instance = instance().start();
		DistributedLock lock = instance.client.getLock("longest");
		Duration almostAsLong = Duration.ofDays(290 * 365);
		assertThat(lock.tryLock(Duration.ZERO, LONGEST_LEASE, true)).isTrue();
		try {
			assertThat(lock.getRemainingLease()).isGreaterThan(almostAsLong);
			assertThat(instance.redis.getExpire(instance.keys.lockKey("longest"), TimeUnit.MILLISECONDS))
				.isGreaterThan(almostAsLong.toMillis());
			assertThat(lock.getFencingToken()).isPositive();
			assertThat(lock.tryLock(0, 106_751, TimeUnit.DAYS)).as("re-entry with the longest lease in days").isTrue();
			lock.unlock();
		}
		finally {
			lock.unlock();
		}
		assertThat(lockKeys()).isEmpty();
	}

	@Test
	void aHugeWaitWaitsUntilTheLockIsFree() throws Exception {
		LockClientInstance holder = instance().start();
		LockClientInstance waiter = instance().start();
		DistributedLock held = holder.client.getLock("patient");
		DistributedLock lock = waiter.client.getLock("patient");
		LockOperations template = LockOperations.of(waiter.client);
		List<HugeWait> waits = List.of(() -> lock.tryLock(NO_END, Duration.ofSeconds(10), false),
				() -> lock.tryLock(Long.MAX_VALUE, 10, TimeUnit.SECONDS),
				() -> lock.tryLock(Long.MAX_VALUE, TimeUnit.DAYS), () -> {
					lock.lockInterruptibly();
					return true;
				},
				() -> template.tryAcquire(LockDefinition.of("patient", Duration.ofSeconds(10), NO_END))
					.map((acquired) -> lock.getHoldCount() == 1)
					.orElse(false));
		for (HugeWait wait : waits) {
			assertThat(held.tryLock(Duration.ZERO, Duration.ofSeconds(30), false)).isTrue();
			FutureTask<Boolean> task = new FutureTask<>(() -> {
				boolean acquired = wait.acquire();
				if (acquired) {
					lock.unlock();
				}
				return acquired;
			});
			new Thread(task).start();
			// Queued in Redis: its deadline did not overflow into the past.
			await().atMost(Duration.ofSeconds(5)).until(() -> lockKeys().size() == 3);
			held.unlock();
			assertThat(task.get(10, TimeUnit.SECONDS)).isTrue();
		}
	}

	@Test
	void aWaiterWithTheLongestBackoffKeepsItsPlaceInTheQueue() throws Exception {
		LockBackoff longest = new LockBackoff(Duration.ofMillis(50), 2.0, LONGEST_LEASE, 0.2);
		LockClientInstance holder = instance().start();
		LockClientInstance waiter = instance().backoff(longest).start();
		DistributedLock held = holder.client.getLock("queued");
		assertThat(held.tryLock(Duration.ZERO, Duration.ofSeconds(30), false)).isTrue();
		DistributedLock lock = waiter.client.getLock("queued");
		FutureTask<Boolean> task = new FutureTask<>(() -> {
			boolean acquired = lock.tryLock(NO_END, Duration.ofSeconds(10), false);
			if (acquired) {
				lock.unlock();
			}
			return acquired;
		});
		new Thread(task).start();
		String waitersKey = holder.keys.waitersKey("queued");
		await().atMost(Duration.ofSeconds(5))
			.until(() -> holder.redis.getExpire(waitersKey, TimeUnit.MILLISECONDS) > 10_000);
		held.unlock();
		assertThat(task.get(10, TimeUnit.SECONDS)).isTrue();
	}

	@FunctionalInterface
	private interface HugeWait {

		boolean acquire() throws InterruptedException;

	}

}
