// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.engine;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import io.github.redislock.core.LockBackoff;
import io.github.redislock.store.LockStore;
import org.jspecify.annotations.Nullable;

/**
 * How an {@link Acquisition} queues and pauses between attempts.
 *
 * @author redis-lock contributors
 */
final class WaitPolicy {

	/** Kept past the next pause, for a slow round trip or a pause of this process. */
	private static final Duration QUEUE_MARGIN = Duration.ofSeconds(1);

	/** A last attempt's place, which runs out at once if the lock is still busy. */
	private static final Duration LAST_PLACE = Duration.ofMillis(1);

	/** A lock handed to a dead waiter frees itself this soon; renewal extends it. */
	private static final Duration MAX_RENEWED_HAND_OFF_LEASE = Duration.ofSeconds(5);

	private WaitPolicy() {
	}

	/** Queued until the waiter asks again, so a dead waiter's place runs out. */
	static LockStore.@Nullable Queueing queueing(boolean queuesWaiters, long remainingWait, LockBackoff backoff,
			Duration handOffLease, long ticket, boolean queuedBefore) {
		if (!queuesWaiters) {
			return null;
		}
		if (remainingWait <= 0) {
			// The last attempt must still take out the place an earlier one queued,
			// which a later release would otherwise hand the lock to.
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
