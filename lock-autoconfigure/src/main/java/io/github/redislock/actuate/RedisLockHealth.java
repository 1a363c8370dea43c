// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.actuate;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import io.github.redislock.engine.DefaultLockClient;
import io.github.redislock.engine.RenewalHealth;

/**
 * The {@code redisLock} health contribution, apart from Spring Boot's health API, which
 * Spring Boot 4 moved to another package: {@link RedisLockHealthIndicator} adapts it to
 * the API of the running line. It reports only the starter's own faults (see
 * {@link RenewalHealth}): Redis itself has Spring Boot's own {@code redis} contribution,
 * and a lock held elsewhere is no fault.
 *
 * @author redis-lock contributors
 */
class RedisLockHealth {

	private final DefaultLockClient client;

	/**
	 * Create the contribution.
	 * @param client the client whose renewals are checked
	 */
	RedisLockHealth(DefaultLockClient client) {
		this.client = client;
	}

	/**
	 * Check the client now.
	 * @return the status and its details
	 */
	public Check check() {
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

	/**
	 * The outcome of a check.
	 *
	 * @param status {@code UP} or {@code DOWN}, as Spring Boot's health API names them
	 * @param details the details, by name
	 */
	public record Check(String status, Map<String, Object> details) {

	}

}
