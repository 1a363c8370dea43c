// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.engine;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import io.github.redislock.core.LockBackoff;
import io.github.redislock.store.LockStore;
import org.jspecify.annotations.Nullable;

/**
 * How a waiter queues and pauses between attempts: the rules, apart from the
 * {@link Acquisition} that follows them, so that they read and test on their own.
 *
 * @author redis-lock contributors
 */
final class WaitPolicy {

	/**
	 * How much longer than its next pause a waiter keeps its place in the store's queue,
	 * to allow for a slow round trip or a pause of this process.
	 */
	private static final Duration QUEUE_MARGIN = Duration.ofSeconds(1);

	/**
	 * The place asked for by the last attempt of a waiter that queued: the attempt must
	 * say it queued to take its place out, and if the lock is still busy, the place it
	 * keeps runs out at once.
	 */
	private static final Duration LAST_PLACE = Duration.ofMillis(1);

	/**
	 * The longest lease a renewed lock is handed over with: should the waiter's process
	 * have died since it last asked, the lock frees itself this soon. Renewal extends it
	 * to the full lease.
	 */
	private static final Duration MAX_RENEWED_HAND_OFF_LEASE = Duration.ofSeconds(5);

	private WaitPolicy() {
	}

	/**
	 * Return how a waiter asks to be queued: only while it may wait, and only for as long
	 * as it may take to ask again, so that the place of a waiter that died runs out soon;
	 * its last attempt, if it queued before, only to take out its place.
	 * @param queuesWaiters whether the store queues waiters at all
	 * @param deadline when the waiter gives up
	 * @param backoff the pauses between its attempts
	 * @param handOffLease the lease it is handed the lock with
	 * @param ticket the ticket of the attempt
	 * @param queuedBefore whether an earlier attempt may have queued it
	 * @return the queueing, or {@code null} not to queue
	 */
	static LockStore.@Nullable Queueing queueing(boolean queuesWaiters, long deadline, LockBackoff backoff,
			Duration handOffLease, long ticket, boolean queuedBefore) {
		long remainingWait = Deadline.remaining(deadline);
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

	/**
	 * Return the lease a waiter is handed the lock with.
	 * @param leaseTime the lease it asked for
	 * @param renew whether it is renewed while held
	 * @return the lease, no longer than {@link #MAX_RENEWED_HAND_OFF_LEASE} when renewed
	 */
	static Duration handOffLease(Duration leaseTime, boolean renew) {
		return (renew && leaseTime.compareTo(MAX_RENEWED_HAND_OFF_LEASE) > 0) ? MAX_RENEWED_HAND_OFF_LEASE : leaseTime;
	}

	/**
	 * Return the pause before the next attempt: never beyond the deadline, nor beyond the
	 * holder's lease.
	 * @param backoff the pauses between attempts
	 * @param attempt the number of the attempt just made
	 * @param remaining how long the wait may still last
	 * @param holderLeaseMillis how long the holder's lease lasts
	 * @return the pause in nanoseconds
	 */
	static long pauseNanos(LockBackoff backoff, int attempt, long remaining, long holderLeaseMillis) {
		long holderLease = TimeUnit.MILLISECONDS.toNanos(Math.max(1, holderLeaseMillis));
		return Math.min(backoff.delayNanos(attempt), Math.min(remaining, holderLease));
	}

}
