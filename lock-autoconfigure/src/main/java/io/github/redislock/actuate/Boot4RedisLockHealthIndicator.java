// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.actuate;

import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;

import io.github.redislock.engine.DefaultLockClient;

/**
 * The {@code redisLock} health indicator on Spring Boot 4's health API, made only when
 * that API is on the classpath.
 *
 * @author redis-lock contributors
 */
class Boot4RedisLockHealthIndicator extends RedisLockHealth implements HealthIndicator {

	Boot4RedisLockHealthIndicator(DefaultLockClient client) {
		super(client);
	}

	@Override
	public Health health() {
		Check check = check();
		return Health.status(check.status()).withDetails(check.details()).build();
	}

}
