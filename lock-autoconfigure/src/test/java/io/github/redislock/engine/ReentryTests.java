// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.engine;

import java.time.Duration;

import io.github.redislock.core.DistributedLock;
import io.github.redislock.core.LockLostException;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * A holder re-enters its lock to any depth without a store call; a re-entry may lengthen
 * the hold or ask for renewal but never shortens it; only the last release frees the
 * lock; and a hold found lost cannot be re-entered.
 *
 * @author redis-lock contributors
 */
class ReentryTests extends InMemoryLockTestSupport {

	@Test
	void reentersToAnyDepthWithoutAStoreCallAndOnlyTheLastReleaseFreesTheLock() throws Exception {
		StoreCallCounter calls = StoreCallCounter.on(this.store);
		DistributedLock lock = newClient(calls.store(), QUICK_BACKOFF).getLock("reentrant");
		DistributedLock other = newClient().getLock("reentrant");
		assertThat(lock.tryLock(Duration.ZERO, LEASE, false)).isTrue();
		long fencingToken = lock.getFencingToken();
		int callsOfTheFirstHold = calls.total();

		for (int depth = 2; depth <= 5; depth++) {
			assertThat(lock.tryLock(Duration.ZERO, LEASE, false)).isTrue();
			assertThat(lock.getHoldCount()).isEqualTo(depth);
			assertThat(lock.getFencingToken()).isEqualTo(fencingToken);
		}
		for (int depth = 5; depth > 1; depth--) {
			lock.unlock();
			assertThat(lock.getHoldCount()).isEqualTo(depth - 1);
			assertThat(isFree(other)).as("free for another client at depth %d", depth - 1).isFalse();
		}

		assertThat(calls.total()).as("store calls of the re-entries and their releases").isEqualTo(callsOfTheFirstHold);
		lock.unlock();
		assertThat(lock.isHeldByCurrentThread()).isFalse();
		assertThat(calls.count("release")).isOne();
		assertThat(isFree(other)).isTrue();
	}

	@Test
	void anotherThreadOfTheSameClientDoesNotShareTheHold() throws Exception {
		DefaultLockClient client = newClient();
		DistributedLock lock = client.getLock("per-thread");
		lock.lock();
		try {
			assertThat(isFree(client.getLock("per-thread"))).isFalse();
		}
		finally {
			lock.unlock();
		}
		assertThat(isFree(client.getLock("per-thread"))).isTrue();
	}

	@Test
	void reentryWithALongerLeaseLengthensTheWholeHoldInTheStore() throws Exception {
		DistributedLock lock = newClient().getLock("lengthened");
		assertThat(lock.tryLock(Duration.ZERO, Duration.ofSeconds(1), false)).isTrue();

		assertThat(lock.tryLock(Duration.ZERO, Duration.ofMinutes(1), false)).isTrue();
		lock.unlock();

		assertThat(this.store.remainingLease("lengthened")).isGreaterThan(Duration.ofSeconds(50));
		assertThat(lock.getRemainingLease()).isGreaterThan(Duration.ofSeconds(50));
		lock.unlock();
	}

	@Test
	void reentryWithAShorterLeaseNeverShortensTheHoldAndCallsNoStore() throws Exception {
		StoreCallCounter calls = StoreCallCounter.on(this.store);
		DistributedLock lock = newClient(calls.store(), QUICK_BACKOFF).getLock("not-shortened");
		assertThat(lock.tryLock(Duration.ZERO, Duration.ofMinutes(1), false)).isTrue();
		int callsBefore = calls.total();

		assertThat(lock.tryLock(Duration.ZERO, Duration.ofSeconds(1), false)).isTrue();
		lock.unlock();
		this.store.advanceClock(Duration.ofSeconds(2));

		assertThat(calls.total()).isEqualTo(callsBefore);
		assertThat(this.store.remainingLease("not-shortened")).isGreaterThan(Duration.ofSeconds(50));
		lock.unlock();
	}

	@Test
	void reentryThatAsksForRenewalRenewsTheWholeHoldUntilItsLastRelease() throws Exception {
		Duration lease = Duration.ofMillis(600);
		StoreCallCounter calls = StoreCallCounter.on(this.store);
		DefaultLockClient client = newClient(calls.store(), QUICK_BACKOFF);
		DistributedLock lock = client.getLock("renewed-by-reentry");
		assertThat(lock.tryLock(Duration.ZERO, lease, false)).isTrue();
		assertThat(LockClientProbe.renewalCount(client)).isZero();

		assertThat(lock.tryLock(Duration.ZERO, lease, true)).isTrue();
		lock.unlock();

		assertThat(LockClientProbe.renewalCount(client)).as("still renewed after the inner release").isOne();
		// Five renewals take longer than the lease: the store still records the holder.
		awaiting().until(() -> calls.count("renewAllAsync") >= 5);
		assertThat(this.store.holder("renewed-by-reentry")).isNotNull();
		assertThat(lock.isHeldByCurrentThread()).isTrue();
		assertThat(this.lostEvents).isEmpty();
		lock.unlock();
		assertThat(LockClientProbe.renewalCount(client)).isZero();
	}

	@Test
	void reentryIntoAHoldFoundLostFailsAndLeavesTheOuterHoldToRelease() throws Exception {
		DistributedLock lock = newClient().getLock("lost-reentry");
		assertThat(lock.tryLock(Duration.ZERO, Duration.ofMillis(600), true)).isTrue();
		this.store.forceRelease("lost-reentry");
		awaiting().until(() -> !this.lostEvents.isEmpty());
		assertThat(lock.isHeldByCurrentThread()).isFalse();

		assertThatExceptionOfType(LockLostException.class).isThrownBy(() -> lock.tryLock(Duration.ZERO, LEASE, false));

		assertThat(lock.getHoldCount()).as("the outer hold").isOne();
		assertThatExceptionOfType(LockLostException.class).isThrownBy(lock::unlock);
		assertThat(lock.getHoldCount()).isZero();
		assertThat(this.lostEvents).as("told once").singleElement().satisfies((event) -> {
			assertThat(event.lockName()).isEqualTo("lost-reentry");
			assertThat(event.reason()).contains("no longer records");
		});
	}

}
