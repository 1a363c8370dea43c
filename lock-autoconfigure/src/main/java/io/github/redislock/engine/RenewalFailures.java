// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.engine;

import java.time.Duration;
import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * Keeps what the health of the renewals needs of their failures: since when renewals fail
 * with none succeeding in between, for how long a lease they were to keep, the last
 * failure, and a lock whose lease ran out meanwhile. Told by the renewal thread, read by
 * a health check on any thread.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
final class RenewalFailures {

	/** Whether renewals fail now; guards the times below. */
	private volatile boolean failing;

	private volatile long failingSince;

	private volatile long lastFailureAt;

	private volatile long failingLeaseNanos;

	private volatile @Nullable String lastFailure;

	private volatile @Nullable String lostWhileFailing;

	/**
	 * A renewal of these holds failed.
	 * @param batch the holds it was to renew
	 * @param requestedAt {@link System#nanoTime()} when it was asked for
	 * @param ex the failure
	 */
	void failed(List<LockHold> batch, long requestedAt, RuntimeException ex) {
		long longestLease = 0;
		for (LockHold hold : batch) {
			longestLease = Math.max(longestLease, hold.leaseTime().toNanos());
		}
		if (!this.failing) {
			this.failingSince = requestedAt;
			this.failingLeaseNanos = 0;
		}
		this.failingLeaseNanos = Math.max(this.failingLeaseNanos, longestLease);
		this.lastFailureAt = System.nanoTime();
		this.lastFailure = ex.getClass().getName() + ": " + ex.getMessage();
		this.failing = true;
	}

	/**
	 * A renewal succeeded: the failures are over.
	 */
	void succeeded() {
		this.failing = false;
		this.lostWhileFailing = null;
	}

	/**
	 * A lease ran out before it could be renewed.
	 * @param name the lock name
	 */
	void leaseRanOut(String name) {
		if (this.failing) {
			this.lostWhileFailing = name;
		}
	}

	/**
	 * Say whether the renewals work. They are faulty while the renewal thread is dead
	 * with leases to renew, or while renewals have failed for longer than the leases they
	 * were to extend, or until a lease ran out meanwhile: the fault lasts until a renewal
	 * succeeds, or until a lease passed with no renewal tried, when no hold is left to
	 * renew and so no renewal to fail.
	 * @param threadAlive whether the renewal thread still runs
	 * @param renewedLeases how many leases are renewed now
	 * @return the health of the renewals now
	 */
	RenewalHealth health(boolean threadAlive, int renewedLeases) {
		long now = System.nanoTime();
		Duration failingFor = null;
		Duration lease = null;
		String lost = null;
		if (this.failing && now - this.lastFailureAt < this.failingLeaseNanos) {
			failingFor = Duration.ofNanos(now - this.failingSince);
			lease = Duration.ofNanos(this.failingLeaseNanos);
			lost = this.lostWhileFailing;
		}
		return new RenewalHealth(threadAlive, renewedLeases, failingFor, lease,
				(failingFor != null) ? this.lastFailure : null, lost);
	}

}
