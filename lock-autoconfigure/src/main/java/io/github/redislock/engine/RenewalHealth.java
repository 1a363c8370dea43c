// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.engine;

import java.time.Duration;

import org.jspecify.annotations.Nullable;

/**
 * Whether the lease renewals of a {@link DefaultLockClient} work, as
 * {@link DefaultLockClient#renewalHealth()} saw them. An unreachable store is the store's
 * own health check's business; it becomes a fault of the client only once renewals have
 * failed for longer than the leases they extend, when holders may lose their locks
 * unawares. Independent of Spring Boot's health API, whose package differs between Spring
 * Boot 3 and 4.
 *
 * @param renewalThreadAlive whether the thread that renews leases still runs:
 * {@code false} if its sweep ended with a failure, after which no lease is renewed
 * @param renewedLeases how many leases are renewed now
 * @param failingFor how long renewals have failed with none succeeding, or {@code null}
 * if they do not fail
 * @param lease the longest lease among those whose renewal failed, or {@code null}
 * @param lastFailure the last renewal failure, or {@code null}
 * @param leaseLostWhileFailing a lock whose lease ran out while renewals failed, or
 * {@code null}
 * @author redis-lock contributors
 * @since 0.1.0
 */
public record RenewalHealth(boolean renewalThreadAlive, int renewedLeases, @Nullable Duration failingFor,
		@Nullable Duration lease, @Nullable String lastFailure, @Nullable String leaseLostWhileFailing) {

	/**
	 * Whether the renewals work: the thread runs, and renewals have neither failed for
	 * longer than a lease nor let a lease run out.
	 * @return whether the renewals are healthy
	 */
	public boolean healthy() {
		if (!this.renewalThreadAlive) {
			return false;
		}
		if (this.failingFor == null || this.lease == null) {
			return true;
		}
		return this.leaseLostWhileFailing == null && this.failingFor.compareTo(this.lease) < 0;
	}

}
