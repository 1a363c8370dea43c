// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.testcontainers;

import org.testcontainers.junit.jupiter.Container;
import org.testcontainers.junit.jupiter.Testcontainers;

import org.springframework.boot.testcontainers.context.ImportTestcontainers;
import org.springframework.boot.testcontainers.service.connection.ServiceConnection;

/**
 * The starter's contract on Redis 7, in a container of the image that
 * {@link RedisImage#REDIS_7} names. Skipped where Docker is not available.
 *
 * @author redis-lock contributors
 */
@Testcontainers(disabledWithoutDocker = true)
class Redis7StarterContractTests extends AbstractStarterContractTests {

	@Container
	@ServiceConnection(name = "redis")
	static final LoopbackRedisContainer redis = new LoopbackRedisContainer(RedisImage.REDIS_7);

	Redis7StarterContractTests() {
		super(RedisImage.REDIS_7, redis, ServiceConnections.class);
	}

	/**
	 * Brings the container's {@code @ServiceConnection} into each application.
	 */
	@ImportTestcontainers(Redis7StarterContractTests.class)
	static class ServiceConnections {

	}

}
