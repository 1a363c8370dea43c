// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redis;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.github.redislock.core.DistributedLock;
import io.github.redislock.core.LockClientClosedException;
import io.github.redislock.core.LockLostException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * Stopping and closing a {@link io.github.redislock.engine.DefaultLockClient} used
 * without Spring: what a holder may still do while the client waits for it, what it is
 * told when the client gave its lock up (and released it), and starting a stopped client
 * again. {@code annotation.ShutdownWithHeldLocksTests} shows the same through an
 * application context and a second instance.
 *
 * @author redis-lock contributors
 */
@Timeout(60)
class ClientShutdownTests extends RedisLockTestSupport {

	private static final Duration BOUND = Duration.ofSeconds(10);

	@Test
	void aHolderMayReenterItsLockWhileTheClientWaitsForIt() throws Exception {
		LockClientInstance instance = instance().start();
		DistributedLock lock = instance.client.getLock("nested");
		assertThat(lock.tryLock(Duration.ZERO, Duration.ofSeconds(30), true)).isTrue();
		CompletableFuture<Void> stopping = CompletableFuture.runAsync(instance.client::stop);
		await("the client to stop handing out locks").atMost(BOUND).until(() -> !instance.client.isRunning());

		assertThat(lock.tryLock(Duration.ZERO, Duration.ofSeconds(30), true)).as("re-entry").isTrue();
		assertThat(lock.getHoldCount()).isEqualTo(2);
		lock.unlock();
		assertThat(stopping).as("stopped while the outer hold is held").isNotDone();
		lock.unlock();
		stopping.get(BOUND.toSeconds(), TimeUnit.SECONDS);
		assertThat(instance.lostEvents).isEmpty();
	}

	@Test
	void aStoppedClientHandsOutLocksAgainOnceStarted() throws Exception {
		LockClientInstance instance = instance().start();
		DistributedLock lock = instance.client.getLock("restarted");
		instance.client.stop();
		assertThatExceptionOfType(LockClientClosedException.class).isThrownBy(lock::tryLock)
			.satisfies((ex) -> assertThat(ex.getLockName()).isEqualTo("restarted"));
		instance.client.start();
		assertThat(lock.tryLock()).isTrue();
		lock.unlock();
	}

	@Test
	void aLockGivenUpAtCloseIsReleasedAndReportedLostAtReleaseOnceTheStoreIsGone() throws Exception {
		// Not one of the instances that the support closes and checks after the test.
		LockClientInstance instance = LockClientInstance.on(server().port()).start();
		instance.client.setShutdownTimeout(Duration.ZERO);
		DistributedLock lock = instance.client.getLock("given-up");
		assertThat(lock.tryLock(Duration.ZERO, Duration.ofSeconds(1), true)).isTrue();

		instance.close();
		assertThat(lockKeys()).as("released at close, not left to its lease").isEmpty();
		assertThat(instance.lostEvents).singleElement()
			.satisfies((event) -> assertThat(event.reason()).contains("closed while the lock was held"));
		assertThat(lock.isHeldByCurrentThread()).isFalse();
		assertThatExceptionOfType(LockLostException.class).isThrownBy(lock::unlock)
			.withMessageContaining("closed while it was held");
		assertThat(instance.lostEvents).as("reported once").hasSize(1);
		assertThat(lock.getHoldCount()).isZero();
	}

}
