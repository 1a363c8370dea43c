// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.actuate;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import io.github.redislock.engine.DefaultLockClient;
import io.github.redislock.engine.DefaultLockClient.RenewalHealth;

/**
 * The {@code redisLock} health check, free of Spring Boot's health API, which Boot 4
 * moved: each line's indicator extends it. Reports only the starter's own faults
 * ({@link RenewalHealth}): Redis has Spring Boot's {@code redis} contribution, and a lock
 * held elsewhere is no fault.
 *
 * @author redis-lock contributors
 */
abstract class RedisLockHealth {

	private final DefaultLockClient client;

	RedisLockHealth(DefaultLockClient client) {
		this.client = client;
	}

	final Check check() {
		RenewalHealth health = this.client.renewalHealth();
		Map<String, Object> details = new LinkedHashMap<>();
		details.put("renewalThreadAlive", health.renewalThreadAlive());
		details.put("renewedLeases", health.renewedLeases());
		Duration failingFor = health.failingFor();
		Duration lease = health.lease();
		if (failingFor != null && lease != null) {
			details.put("renewalsFailingForMillis", failingFor.toMillis());
			details.put("leaseMillis", lease.toMillis());
		}
		String lastFailure = health.lastFailure();
		if (lastFailure != null) {
			details.put("lastRenewalFailure", lastFailure);
		}
		String lost = health.leaseLostWhileFailing();
		if (lost != null) {
			details.put("leaseLostWhileRenewalsFailed", lost);
		}
		return new Check(health.healthy() ? "UP" : "DOWN", details);
	}

	/** {@code status} is {@code UP} or {@code DOWN}, as Spring Boot names them. */
	record Check(String status, Map<String, Object> details) {

	}

}
