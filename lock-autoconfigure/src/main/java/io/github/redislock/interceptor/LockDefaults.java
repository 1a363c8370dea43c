// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.interceptor;

import java.time.Duration;

import io.github.redislock.core.LockDefinition;

import org.springframework.util.Assert;

/**
 * The values of the {@code expire} and {@code waitTime} a {@code @RedisLock} leaves
 * unset; {@code renew = false} turns renewal off whatever the annotations say.
 *
 * @author redis-lock contributors
 */
record LockDefaults(Duration leaseTime, Duration waitTime, boolean renew) {

	LockDefaults {
		LockDefinition.checkLeaseTime(leaseTime, () -> "Default lease time");
		Assert.isTrue(!waitTime.isNegative(), () -> "Default wait time must not be negative, was " + waitTime);
	}

}
