// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redis;

import java.time.Duration;

import io.github.redislock.core.DistributedLock;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A holder re-enters its own lock to any depth without waiting on itself, and the lock is
 * only freed for others by the last release.
 *
 * @author redis-lock contributors
 */
class ReentrancyTests extends RedisLockTestSupport {

	@Test
	void reentersToDepthFiveAndOthersEnterOnlyAfterTheLastRelease() throws Exception {
		LockClientInstance first = instance().start();
		LockClientInstance second = instance().start();
		DistributedLock lock = first.client.getLock("reentrant");
		DistributedLock other = second.client.getLock("reentrant");
		long fencingToken = 0;
		for (int depth = 1; depth <= 5; depth++) {
			assertThat(lock.tryLock(Duration.ZERO, Duration.ofSeconds(10), false)).isTrue();
			assertThat(lock.getHoldCount()).isEqualTo(depth);
			if (depth == 1) {
				fencingToken = lock.getFencingToken();
			}
			assertThat(lock.getFencingToken()).as("re-entry keeps the fencing token").isEqualTo(fencingToken);
		}
		for (int depth = 5; depth >= 1; depth--) {
			assertThat(LockProbe.isFree(other, Duration.ZERO)).as("other instance at depth %d", depth).isFalse();
			lock.unlock();
			assertThat(lock.getHoldCount()).isEqualTo(depth - 1);
		}
		assertThat(lock.isHeldByCurrentThread()).isFalse();
		assertThat(LockProbe.isFree(other, Duration.ZERO)).isTrue();
	}

	@Test
	void anotherThreadOfTheSameInstanceDoesNotShareTheHold() throws Exception {
		LockClientInstance instance = instance().start();
		DistributedLock lock = instance.client.getLock("per-thread");
		lock.lock();
		try {
			assertThat(LockProbe.isFree(instance.client.getLock("per-thread"), Duration.ZERO)).isFalse();
		}
		finally {
			lock.unlock();
		}
	}

	@Test
	void reentryDoesNotCallRedis() throws Exception {
		LockClientInstance instance = instance().start();
		DistributedLock lock = instance.client.getLock("no-round-trip");
		lock.lock();
		try {
			long scriptsBefore = commandCount("evalsha");
			long setsBefore = commandCount("set");
			for (int i = 0; i < 10; i++) {
				lock.lock();
			}
			for (int i = 0; i < 10; i++) {
				lock.unlock();
			}
			assertThat(commandCount("evalsha")).isEqualTo(scriptsBefore);
			assertThat(commandCount("set")).isEqualTo(setsBefore);
		}
		finally {
			lock.unlock();
		}
	}

}
