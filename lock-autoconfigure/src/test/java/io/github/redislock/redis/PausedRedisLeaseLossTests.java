// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redis;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import io.github.redislock.core.DistributedLock;
import io.github.redislock.core.LockLostException;
import io.github.redislock.engine.LockClientProbe;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * A Redis that stops answering (paused with SIGSTOP) while the client's command timeout
 * is longer than the lease: the loss is reported when the lease runs out, not when Redis
 * answers again, and stays reported once it does.
 *
 * @author redis-lock contributors
 */
class PausedRedisLeaseLossTests extends RedisLockTestSupport {

	private static final Duration LEASE = Duration.ofSeconds(3);

	/** Lettuce's default, far longer than the lease. */
	private static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(60);

	/**
	 * Well past the lease end, and well before Redis is resumed or a command times out.
	 */
	private static final Duration REPORT_BOUND = Duration.ofSeconds(2);

	@Test
	void lossIsReportedWhenTheLeaseRunsOutWhileRedisIsPaused() throws Exception {
		CountDownLatch lost = new CountDownLatch(1);
		AtomicLong lostAt = new AtomicLong();
		LockClientInstance instance = instance().commandTimeout(COMMAND_TIMEOUT).lostListener((event) -> {
			lostAt.set(System.nanoTime());
			lost.countDown();
		}).start();
		DistributedLock lock = instance.client.getLock("paused-renewal");
		assertThat(lock.tryLock(Duration.ZERO, LEASE, true)).isTrue();
		long leaseEnd;
		server().pause();
		try {
			// No renewal is answered from here: the lease left now is all there is.
			leaseEnd = System.nanoTime() + lock.getRemainingLease().toNanos();
			assertThat(lost.await(LEASE.plus(REPORT_BOUND).toMillis(), TimeUnit.MILLISECONDS))
				.as("loss reported while Redis is paused")
				.isTrue();
			assertThat(server().isPaused()).isTrue();
			assertThat(lostAt.get() - leaseEnd).as("nanoseconds from the lease end to the loss report")
				.isLessThan(REPORT_BOUND.toNanos());
			assertThat(lock.isHeldByCurrentThread()).isFalse();
			assertThat(lock.getRemainingLease()).isZero();
		}
		finally {
			server().resume();
		}
		assertThatExceptionOfType(LockLostException.class).isThrownBy(lock::unlock);
		assertThat(instance.lostEvents).as("one loss, told once").hasSize(1);
		assertThat(LockClientProbe.renewalCount(instance.client)).isZero();
	}

}
