// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.engine;

import java.time.Duration;
import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * Renewal failures for {@link DefaultLockClient.RenewalHealth}: written by the renewal
 * thread, read by any.
 *
 * @author redis-lock contributors
 */
final class RenewalFailures {

	private final EngineRuntime runtime;

	/** Guards the times below. */
	private volatile boolean failing;

	private volatile long failingSince;

	private volatile long lastFailureAt;

	private volatile long failingLeaseNanos;

	private volatile @Nullable String lastFailure;

	private volatile @Nullable String lostWhileFailing;

	RenewalFailures(EngineRuntime runtime) {
		this.runtime = runtime;
	}

	void failed(List<Lease> batch, long requestedAt, RuntimeException ex) {
		long longestLease = 0;
		for (Lease hold : batch) {
			longestLease = Math.max(longestLease, hold.leaseTime().toNanos());
		}
		if (!this.failing) {
			this.failingSince = requestedAt;
			this.failingLeaseNanos = 0;
		}
		this.failingLeaseNanos = Math.max(this.failingLeaseNanos, longestLease);
		this.lastFailureAt = this.runtime.nanoTime();
		this.lastFailure = ex.getClass().getName() + ": " + ex.getMessage();
		this.failing = true;
	}

	void succeeded() {
		this.failing = false;
		this.lostWhileFailing = null;
	}

	void leaseRanOut(String name) {
		if (this.failing) {
			this.lostWhileFailing = name;
		}
	}

	/** Until a renewal succeeds, or a lease after the last failure. */
	DefaultLockClient.RenewalHealth health(boolean threadAlive, int renewedLeases) {
		long now = this.runtime.nanoTime();
		Duration failingFor = null;
		Duration lease = null;
		String lost = null;
		if (this.failing && now - this.lastFailureAt < this.failingLeaseNanos) {
			failingFor = Duration.ofNanos(now - this.failingSince);
			lease = Duration.ofNanos(this.failingLeaseNanos);
			lost = this.lostWhileFailing;
		}
		return new DefaultLockClient.RenewalHealth(threadAlive, renewedLeases, failingFor, lease,
				(failingFor != null) ? this.lastFailure : null, lost);
	}

}
