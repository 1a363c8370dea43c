// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.engine;

import java.time.Duration;

import io.github.redislock.core.LockBackoff;
import io.github.redislock.store.LockStore;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * How long a waiter asks the store to keep its place in the queue: for as long as it may
 * take to ask again, never when the store queues no waiters, and on its last attempt only
 * so that taking the lock takes its earlier place out.
 *
 * @author redis-lock contributors
 */
class QueuePlaceTests {

	private static final LockBackoff BACKOFF = new LockBackoff(Duration.ofMillis(100), 2.0, Duration.ofSeconds(1), 0.0);

	private static final Duration LEASE = Duration.ofSeconds(30);

	@Test
	void aWaiterKeepsItsPlaceForItsLongestPauseAndAMargin() {
		long remainingWait = Duration.ofSeconds(10).toNanos();

		LockStore.Queueing queueing = WaitPolicy.queueing(true, remainingWait, BACKOFF, LEASE, 3, false);

		assertThat(queueing).isNotNull();
		assertThat(queueing.validity()).isGreaterThan(Duration.ofSeconds(1)).isLessThanOrEqualTo(Duration.ofSeconds(2));
		assertThat(queueing.ticket()).isEqualTo(3);
		assertThat(queueing.queuedBefore()).isFalse();
	}

	@Test
	void theLastAttemptOfAWaiterThatQueuedSaysSoAndKeepsNoPlace() {
		LockStore.Queueing queueing = WaitPolicy.queueing(true, 0, BACKOFF, LEASE, 4, true);

		assertThat(queueing).isNotNull();
		assertThat(queueing.queuedBefore()).isTrue();
		assertThat(queueing.validity()).isLessThanOrEqualTo(Duration.ofMillis(1));
	}

	@Test
	void theLastAttemptOfAWaiterThatNeverQueuedIsNotQueued() {
		assertThat(WaitPolicy.queueing(true, 0, BACKOFF, LEASE, 5, false)).isNull();
	}

	@Test
	void aStoreThatQueuesNoWaitersIsNeverAskedTo() {
		assertThat(WaitPolicy.queueing(false, Duration.ofSeconds(10).toNanos(), BACKOFF, LEASE, 6, true)).isNull();
	}

}
