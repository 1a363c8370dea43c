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
package io.github.redislock.testcontainers;

import io.github.redislock.redis.AbstractRedisLockStoreContractTests;
import org.testcontainers.junit.jupiter.Container;
import org.testcontainers.junit.jupiter.Testcontainers;

import org.springframework.data.redis.connection.RedisConfiguration;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;

/**
 * The store contract on Redis 7, in a container of the image that
 * {@link RedisImage#REDIS_7} names. Skipped where Docker is not available.
 *
 * @author redis-lock contributors
 */
@Testcontainers(disabledWithoutDocker = true)
class Redis7StoreContractTests extends AbstractRedisLockStoreContractTests {

	@Container
	static final LoopbackRedisContainer redis = new LoopbackRedisContainer(RedisImage.REDIS_7);

	@Override
	protected RedisConfiguration redisConfiguration() {
		return new RedisStandaloneConfiguration(redis.getHost(),
				redis.getMappedPort(LoopbackRedisContainer.REDIS_PORT));
	}

}
