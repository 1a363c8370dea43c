// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redis;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.github.redislock.core.DistributedLock;
import io.github.redislock.core.LockDefinition;
import io.github.redislock.core.LockLease;
import io.github.redislock.core.LockLostException;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.awaitility.Awaitility.await;

/**
 * A lock acquired with {@code holdAtLeast} stays taken, for every instance and every
 * thread, until that time after it was acquired, though its holder released it at once;
 * then it frees itself in Redis with nobody waiting for it. A release without it frees
 * the lock at once.
 *
 * @author redis-lock contributors
 */
class HoldAtLeastKeepsTheLockTakenAfterReleaseTests extends RedisLockTestSupport {

	private static final Duration HOLD_AT_LEAST = Duration.ofSeconds(2);

	private static final Duration WAIT = Duration.ofSeconds(10);

	@Test
	void aThreadsLockReleasedEarlyStaysTakenForOthersUntilHoldAtLeastPassed() throws Exception {
		LockClientInstance first = instance().start();
		LockClientInstance second = instance().start();
		DistributedLock lock = first.client.getLock("report");
		assertThat(lock.tryLock(definition("report").withHoldAtLeast(HOLD_AT_LEAST))).isTrue();
		long acquiredAt = System.nanoTime();
		lock.unlock();

		assertThat(lock.isHeldByCurrentThread()).isFalse();
		assertThat(first.client.heldLocks()).as("no longer held by the instance").isEmpty();
		long ttl = pttl("report", first);
		assertThat(ttl).as("left in Redis for the rest of holdAtLeast")
			.isPositive()
			.isLessThanOrEqualTo(HOLD_AT_LEAST.toMillis());
		DistributedLock another = second.client.getLock("report");
		assertThat(another.tryLock(Duration.ZERO, Duration.ofSeconds(10), false)).as("busy for another instance")
			.isFalse();
		assertThat(first.client.getLock("report").tryLock(Duration.ZERO, Duration.ofSeconds(10), false))
			.as("busy for another thread of the same instance")
			.isFalse();

		assertThat(another.tryLock(WAIT, Duration.ofSeconds(10), false)).isTrue();
		long takenAfter = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - acquiredAt);
		another.unlock();
		assertThat(takenAfter).as("taken by another only once holdAtLeast passed")
			.isGreaterThanOrEqualTo(HOLD_AT_LEAST.toMillis() - 50);
	}

	@Test
	void withoutHoldAtLeastAReleaseFreesTheLockAtOnce() throws Exception {
		LockClientInstance first = instance().start();
		LockClientInstance second = instance().start();
		DistributedLock lock = first.client.getLock("free");
		assertThat(lock.tryLock(definition("free"))).isTrue();
		lock.unlock();
		assertThat(server().command("EXISTS", first.keys.lockKey("free"))).isEqualTo(0L);
		DistributedLock another = second.client.getLock("free");
		assertThat(another.tryLock(Duration.ZERO, Duration.ofSeconds(10), false)).isTrue();
		another.unlock();
	}

	@Test
	void aReentryAsksForLongerButNeverShortensIt() throws Exception {
		LockClientInstance first = instance().start();
		DistributedLock lock = first.client.getLock("nested");
		assertThat(lock.tryLock(definition("nested").withHoldAtLeast(HOLD_AT_LEAST))).isTrue();
		assertThat(lock.tryLock(definition("nested"))).isTrue();
		lock.unlock();
		assertThat(pttl("nested", first)).as("the lease, untouched by the re-entry's release")
			.isGreaterThan(HOLD_AT_LEAST.toMillis());
		lock.unlock();
		assertThat(pttl("nested", first)).isPositive().isLessThanOrEqualTo(HOLD_AT_LEAST.toMillis());
	}

	@Test
	void anAsynchronousHolderReleasedEarlyLeavesTheLockTakenUntilHoldAtLeastPassed() throws Exception {
		LockClientInstance first = instance().start();
		LockClientInstance second = instance().start();
		LockLease lease = first.client.tryAcquireAsync(definition("async-report").withHoldAtLeast(HOLD_AT_LEAST))
			.get(WAIT.toMillis(), TimeUnit.MILLISECONDS)
			.orElseThrow();
		lease.release().toCompletableFuture().get(WAIT.toMillis(), TimeUnit.MILLISECONDS);

		assertThat(first.client.heldLocks()).isEmpty();
		assertThat(pttl("async-report", first)).isPositive().isLessThanOrEqualTo(HOLD_AT_LEAST.toMillis());
		CompletableFuture<java.util.Optional<LockLease>> other = second.client
			.tryAcquireAsync(LockDefinition.of("async-report", Duration.ofSeconds(10), Duration.ZERO));
		assertThat(other.get(WAIT.toMillis(), TimeUnit.MILLISECONDS)).isEmpty();
	}

	@Test
	void aLockLostBeforeItsReleaseIsReportedLostThoughHoldAtLeastWasAsked() throws Exception {
		LockClientInstance first = instance().start();
		DistributedLock lock = first.client.getLock("lost");
		assertThat(lock.tryLock(definition("lost").withHoldAtLeast(HOLD_AT_LEAST))).isTrue();
		server().command("DEL", first.keys.lockKey("lost"));
		assertThatExceptionOfType(LockLostException.class).isThrownBy(lock::unlock);
		assertThat(server().command("EXISTS", first.keys.lockKey("lost"))).as("nothing created by the release")
			.isEqualTo(0L);
		await().atMost(WAIT).untilAsserted(() -> assertThat(first.lostEvents).hasSize(1));
	}

	@Test
	void theLongestHoldAtLeastKeepsTheLockForPracticallyEver() throws Exception {
		LockClientInstance first = instance().start();
		DistributedLock lock = first.client.getLock("forever");
		// Renewed: a lease that is not renewed bounds the hold.
		assertThat(lock.tryLock(LockDefinition.of("forever", Duration.ofSeconds(30), Duration.ZERO)
			.withHoldAtLeast(LockDefinition.MAX_LEASE_TIME))).isTrue();
		try {
			lock.unlock();
			assertThat(pttl("forever", first)).isGreaterThan(Duration.ofDays(365 * 200).toMillis());
		}
		finally {
			server().command("DEL", first.keys.lockKey("forever"));
		}
	}

	@Test
	void aNegativeHoldAtLeastIsRefusedNamingTheLock() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> definition("negative").withHoldAtLeast(Duration.ofMillis(-1)))
			.withMessage("Time to hold lock 'negative' at least must not be negative, was PT-0.001S");
		assertThatIllegalArgumentException().isThrownBy(() -> definition("null").withHoldAtLeast(null))
			.withMessage("Time to hold lock 'null' at least must not be null");
	}

	private static LockDefinition definition(String name) {
		return new LockDefinition(name, Duration.ofSeconds(30), Duration.ZERO, false);
	}

	private static long pttl(String name, LockClientInstance instance) {
		return (Long) server().command("PTTL", instance.keys.lockKey(name));
	}

}
