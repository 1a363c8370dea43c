// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.actuate;

import org.springframework.boot.actuate.health.Health;
import org.springframework.boot.actuate.health.HealthIndicator;

import io.github.redislock.engine.DefaultLockClient;

/**
 * The {@code redisLock} health indicator on Spring Boot 3's health API, made only when
 * that API is on the classpath.
 *
 * @author redis-lock contributors
 */
class Boot3RedisLockHealthIndicator extends RedisLockHealth implements HealthIndicator {

	Boot3RedisLockHealthIndicator(DefaultLockClient client) {
		super(client);
	}

	@Override
	public Health health() {
		Check check = check();
		return Health.status(check.status()).withDetails(check.details()).build();
	}

}
