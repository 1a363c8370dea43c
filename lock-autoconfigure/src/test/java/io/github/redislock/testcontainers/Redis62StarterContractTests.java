// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.testcontainers;

import org.testcontainers.junit.jupiter.Container;
import org.testcontainers.junit.jupiter.Testcontainers;

import org.springframework.boot.testcontainers.context.ImportTestcontainers;
import org.springframework.boot.testcontainers.service.connection.ServiceConnection;

/**
 * The starter's contract on Redis 6.2, the oldest line the starter supports, in a
 * container of the image that {@link RedisImage#REDIS_6_2} names. Skipped where Docker is
 * not available.
 *
 * @author redis-lock contributors
 */
@Testcontainers(disabledWithoutDocker = true)
class Redis62StarterContractTests extends AbstractStarterContractTests {

	@Container
	@ServiceConnection(name = "redis")
	static final LoopbackRedisContainer redis = new LoopbackRedisContainer(RedisImage.REDIS_6_2);

	Redis62StarterContractTests() {
		super(RedisImage.REDIS_6_2, redis, ServiceConnections.class);
	}

	/**
	 * Brings the container's {@code @ServiceConnection} into each application.
	 */
	@ImportTestcontainers(Redis62StarterContractTests.class)
	static class ServiceConnections {

	}

}
