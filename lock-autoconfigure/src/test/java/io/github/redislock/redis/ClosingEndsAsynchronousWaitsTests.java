// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redis;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

import io.github.redislock.core.DistributedLock;
import io.github.redislock.core.LockBackoff;
import io.github.redislock.core.LockClientClosedException;
import io.github.redislock.core.LockDefinition;
import io.github.redislock.core.LockLease;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A client closed without waiting for its holders (a shutdown timeout of zero) while an
 * asynchronous holder waits for a busy lock: the wait ends with
 * {@link LockClientClosedException}, whether it was between two attempts, whose timer the
 * close shuts, or had an attempt in flight, answered after the close.
 *
 * @author redis-lock contributors
 */
class ClosingEndsAsynchronousWaitsTests extends RedisLockTestSupport {

	/** Long enough that the wait is between attempts when the client closes. */
	private static final LockBackoff SLOW_BACKOFF = new LockBackoff(Duration.ofSeconds(5), 1.0, Duration.ofSeconds(5),
			0.0);

	private static final Duration ANSWER_BOUND = Duration.ofSeconds(5);

	@Test
	void aWaitBetweenAttemptsEndsWhenTheClientCloses() throws Exception {
		DistributedLock held = holdLock("closing-between-attempts");
		LockClientInstance waiter = instance().backoff(SLOW_BACKOFF).start();
		waiter.client.setShutdownTimeout(Duration.ZERO);
		CompletableFuture<Optional<LockLease>> answer = waiter.client.tryAcquireAsync(
				new LockDefinition("closing-between-attempts", Duration.ofSeconds(30), Duration.ofSeconds(60), false));
		// It subscribes once its first attempt found the lock busy, and waits for the
		// next.
		await().atMost(ANSWER_BOUND)
			.until(() -> subscribedChannels().contains(waiter.keys.channel("closing-between-attempts")));
		waiter.client.close();
		assertClosedOut(answer);
		held.unlock();
	}

	@Test
	void aWaitWhoseAttemptIsAnsweredAfterTheClientClosedEnds() throws Exception {
		DistributedLock held = holdLock("closing-in-flight");
		LockClientInstance waiter = instance().commandTimeout(Duration.ofSeconds(30)).start();
		waiter.client.setShutdownTimeout(Duration.ZERO);
		CompletableFuture<Optional<LockLease>> answer;
		server().pause();
		try {
			answer = waiter.client.tryAcquireAsync(
					new LockDefinition("closing-in-flight", Duration.ofSeconds(30), Duration.ofSeconds(60), false));
			waiter.client.close();
		}
		finally {
			server().resume();
		}
		assertClosedOut(answer);
		held.unlock();
	}

	private DistributedLock holdLock(String name) throws InterruptedException {
		DistributedLock lock = instance().start().client.getLock(name);
		assertThat(lock.tryLock(Duration.ZERO, Duration.ofSeconds(30), false)).isTrue();
		return lock;
	}

	private static void assertClosedOut(CompletableFuture<Optional<LockLease>> answer) {
		await().atMost(ANSWER_BOUND).until(answer::isDone);
		assertThat(answer).failsWithin(Duration.ZERO)
			.withThrowableThat()
			.havingCause()
			.isInstanceOf(LockClientClosedException.class);
	}

}
