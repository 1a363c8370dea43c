// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redis;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import io.github.redislock.core.LockDefinition;
import io.github.redislock.core.LockLease;
import io.github.redislock.core.LockLostException;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * A lease held by an asynchronous holder is reported lost like a thread's: when its key
 * is found gone at its release, and by the end of its lease when Redis stops answering
 * its renewal, not when Redis answers again.
 *
 * @author redis-lock contributors
 */
class LeaseLossOfAsynchronousHoldersTests extends RedisLockTestSupport {

	private static final Duration WAIT = Duration.ofSeconds(10);

	@Test
	void aLeaseWhoseKeyWasDeletedIsReportedLostAtItsRelease() throws Exception {
		LockClientInstance instance = instance().start();
		LockLease lease = acquire(instance, LockDefinition.of("deleted", Duration.ofSeconds(30), Duration.ZERO));
		server().command("DEL", instance.keys.lockKey("deleted"));

		assertThatExceptionOfType(ExecutionException.class)
			.isThrownBy(() -> lease.release().toCompletableFuture().get(WAIT.toMillis(), TimeUnit.MILLISECONDS))
			.withCauseInstanceOf(LockLostException.class);
		assertThat(lease.whenLost().toCompletableFuture().get(WAIT.toMillis(), TimeUnit.MILLISECONDS))
			.isInstanceOf(LockLostException.class);
		await().atMost(WAIT).untilAsserted(() -> assertThat(instance.lostEvents).hasSize(1));
	}

	@Test
	void aRenewalRedisDoesNotAnswerEndsWhenTheLeaseRunsOut() throws Exception {
		LockClientInstance instance = instance().commandTimeout(Duration.ofSeconds(60)).start();
		Duration leaseTime = Duration.ofSeconds(2);
		LockLease lease = acquire(instance, new LockDefinition("unanswered", leaseTime, Duration.ZERO, false));
		CompletableFuture<Void> renewal;
		server().pause();
		try {
			renewal = lease.renew().toCompletableFuture();
			// Bounded by the lease, not by Redis: the renewal ends while Redis is paused.
			assertThatExceptionOfType(ExecutionException.class)
				.isThrownBy(() -> renewal.get(leaseTime.plus(WAIT).toMillis(), TimeUnit.MILLISECONDS))
				.withCauseInstanceOf(LockLostException.class);
			assertThat(lease.whenLost().toCompletableFuture().isDone()).as("told while Redis is paused").isTrue();
			assertThat(lease.isHeld()).isFalse();
		}
		finally {
			server().resume();
		}
		assertThatExceptionOfType(ExecutionException.class)
			.isThrownBy(() -> lease.release().toCompletableFuture().get(WAIT.toMillis(), TimeUnit.MILLISECONDS))
			.withCauseInstanceOf(LockLostException.class);
		await().atMost(WAIT).untilAsserted(() -> assertThat(instance.lostEvents).hasSize(1));
		server().command("DEL", instance.keys.lockKey("unanswered"));
	}

	private static LockLease acquire(LockClientInstance instance, LockDefinition definition) throws Exception {
		return instance.client.tryAcquireAsync(definition).get(WAIT.toMillis(), TimeUnit.MILLISECONDS).orElseThrow();
	}

}
