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
package io.github.redislock.core;

import java.time.Duration;

import org.springframework.util.Assert;

/**
 * What to lock and for how long: the lock name, the lease, the wait time and whether to
 * renew the lease while held. Validated when created, so an invalid definition never
 * reaches the store.
 *
 * @param name the lock name, not blank
 * @param leaseTime how long the lock survives a holder that stops renewing, positive
 * @param waitTime how long to wait for a busy lock, zero to try once
 * @param renew whether to extend the lease while the lock is held
 * @author redis-lock contributors
 * @since 0.1.0
 */
public record LockDefinition(String name, Duration leaseTime, Duration waitTime, boolean renew) {

	public LockDefinition {
		Assert.hasText(name, "Lock name must not be blank");
		Assert.notNull(leaseTime, () -> "Lease time of lock '" + name + "' must not be null");
		Assert.notNull(waitTime, () -> "Wait time of lock '" + name + "' must not be null");
		Assert.isTrue(leaseTime.toMillis() > 0,
				() -> "Lease time of lock '" + name + "' must be at least 1 ms, was " + leaseTime);
		Assert.isTrue(!waitTime.isNegative(),
				() -> "Wait time of lock '" + name + "' must not be negative, was " + waitTime);
	}

	/**
	 * Create a definition that renews its lease while held.
	 * @param name the lock name
	 * @param leaseTime the lease
	 * @param waitTime the wait time
	 * @return the definition
	 */
	public static LockDefinition of(String name, Duration leaseTime, Duration waitTime) {
		return new LockDefinition(name, leaseTime, waitTime, true);
	}

}
