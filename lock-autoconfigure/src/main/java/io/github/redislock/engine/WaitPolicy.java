// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.engine;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import io.github.redislock.core.LockBackoff;
import io.github.redislock.store.LockStore;
import org.jspecify.annotations.Nullable;

/**
 * How a waiter queues and pauses between attempts, apart from the {@link Acquisition}
 * that follows the rules, so that they read and test on their own.
 *
 * @author redis-lock contributors
 */
final class WaitPolicy {

	/** Kept past the next pause, for a slow round trip or a pause of this process. */
	private static final Duration QUEUE_MARGIN = Duration.ofSeconds(1);

	/**
	 * The place of a last attempt: it must say it queued to take its place out, and if
	 * the lock is still busy, the place runs out at once.
	 */
	private static final Duration LAST_PLACE = Duration.ofMillis(1);

	/**
	 * Should the waiter's process have died since it last asked, a lock handed to it
	 * frees itself this soon; renewal extends it to the full lease.
	 */
	private static final Duration MAX_RENEWED_HAND_OFF_LEASE = Duration.ofSeconds(5);

	private WaitPolicy() {
	}

	/**
	 * Queues only while the waiter may wait, and only until it asks again, so that a dead
	 * waiter's place runs out soon; a last attempt that queued before only takes its
	 * place out. {@code null} not to queue.
	 */
	static LockStore.@Nullable Queueing queueing(boolean queuesWaiters, long remainingWait, LockBackoff backoff,
			Duration handOffLease, long ticket, boolean queuedBefore) {
		if (!queuesWaiters) {
			return null;
		}
		if (remainingWait <= 0) {
			// The last attempt, not to be queued again; if it takes the lock, it must
			// still take out the place an earlier attempt queued, which a later release
			// would otherwise hand the lock to.
			return queuedBefore ? new LockStore.Queueing(LAST_PLACE, handOffLease, ticket, true) : null;
		}
		long validity = Math.min(remainingWait, backoff.maxDelayNanos());
		// Saturated: a practically endless wait with the longest backoff would overflow.
		validity = (validity > Long.MAX_VALUE - QUEUE_MARGIN.toNanos()) ? Long.MAX_VALUE
				: validity + QUEUE_MARGIN.toNanos();
		return new LockStore.Queueing(Duration.ofNanos(validity), handOffLease, ticket, queuedBefore);
	}

	static Duration handOffLease(Duration leaseTime, boolean renew) {
		return (renew && leaseTime.compareTo(MAX_RENEWED_HAND_OFF_LEASE) > 0) ? MAX_RENEWED_HAND_OFF_LEASE : leaseTime;
	}

	/** Never beyond the deadline, nor beyond the holder's lease. */
	static long pauseNanos(LockBackoff backoff, int attempt, long remaining, long holderLeaseMillis) {
		long holderLease = TimeUnit.MILLISECONDS.toNanos(Math.max(1, holderLeaseMillis));
		return Math.min(backoff.delayNanos(attempt), Math.min(remaining, holderLease));
	}

}
