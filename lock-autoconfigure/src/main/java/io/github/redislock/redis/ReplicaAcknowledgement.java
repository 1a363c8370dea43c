// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redis;

import java.time.Duration;

import org.springframework.util.Assert;

/**
 * How many replicas must acknowledge each write that grants or extends a lock before the
 * store reports it done. Redis replicates asynchronously, so a failover right after a
 * grant may lose it and let a second holder in; a write not acknowledged in time fails
 * the operation.
 *
 * @param replicas how many replicas must acknowledge, {@code 0} for none
 * @param timeout how long to wait for them, at least 1 ms
 * @param fsync whether the write must also reach the append-only file of the master and
 * of those replicas ({@code WAITAOF}: Redis 7.2 or later, {@code appendonly yes})
 * @author redis-lock contributors
 */
record ReplicaAcknowledgement(int replicas, Duration timeout, boolean fsync) {

	/** Writes are not awaited: Redis replicates them asynchronously. */
	static final ReplicaAcknowledgement NONE = new ReplicaAcknowledgement(0, Duration.ofMillis(1), false);

	ReplicaAcknowledgement {
		Assert.isTrue(replicas >= 0, () -> "Replica acknowledgements must not be negative, was " + replicas);
		Assert.notNull(timeout, "Replica acknowledgement timeout must not be null");
		Assert.isTrue(timeout.toMillis() >= 1,
				() -> "Replica acknowledgement timeout must be at least 1 ms, was " + timeout);
	}

	/** Whether the store waits after a write at all. */
	boolean awaited() {
		return this.replicas > 0 || this.fsync;
	}

}
