/*
 * Copyright 2026 the original authors.
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *      https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
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
 * @since 0.1.0
 */
public record LockDefaults(Duration leaseTime, Duration waitTime, boolean renew) {

	public LockDefaults {
		LockDefinition.checkLeaseTime(leaseTime, () -> "Default lease time");
		Assert.isTrue(!waitTime.isNegative(), () -> "Default wait time must not be negative, was " + waitTime);
	}

}
