// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.interceptor;

import java.time.Duration;

import io.github.redislock.core.LockDefinition;

import org.springframework.util.Assert;

/**
 * The values a {@code @RedisLock} takes for the attributes it leaves unset, and the
 * switch that turns renewal off everywhere.
 *
 * @param leaseTime the lease of locks whose annotation sets no {@code expire}
 * @param waitTime the wait time of locks whose annotation sets no {@code waitTime}
 * @param renew whether leases may be renewed at all; {@code false} overrides every
 * annotation
 * @author redis-lock contributors
 */
record LockDefaults(Duration leaseTime, Duration waitTime, boolean renew) {

	LockDefaults {
		LockDefinition.checkLeaseTime(leaseTime, () -> "Default lease time");
		Assert.isTrue(!waitTime.isNegative(), () -> "Default wait time must not be negative, was " + waitTime);
	}

}
