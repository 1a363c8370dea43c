// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.testcontainers;

import io.github.redislock.redis.AbstractRedisLockStoreContractTests;
import org.testcontainers.junit.jupiter.Container;
import org.testcontainers.junit.jupiter.Testcontainers;

import org.springframework.data.redis.connection.RedisConfiguration;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;

/**
 * The store contract on Redis 6.2, the oldest supported, in a container of the image that
 * {@link RedisImage#REDIS_6_2} names. Skipped where Docker is not available.
 *
 * @author redis-lock contributors
 */
@Testcontainers(disabledWithoutDocker = true)
class Redis62StoreContractTests extends AbstractRedisLockStoreContractTests {

	@Container
	static final LoopbackRedisContainer redis = new LoopbackRedisContainer(RedisImage.REDIS_6_2);

	@Override
	protected RedisConfiguration redisConfiguration() {
		return new RedisStandaloneConfiguration(redis.getHost(),
				redis.getMappedPort(LoopbackRedisContainer.REDIS_PORT));
	}

}
