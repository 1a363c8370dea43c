// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redis;

import java.util.List;

import io.github.redislock.testsupport.RedisNode;
import io.github.redislock.testsupport.RedisSentinelGroup;
import io.github.redislock.testsupport.RedisServerExtension;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.data.redis.connection.RedisConfiguration;
import org.springframework.data.redis.connection.RedisSentinelConfiguration;

/**
 * The lock's contract on a master with a replica watched by three Sentinels, reached
 * through the Sentinels as Spring Boot's {@code spring.data.redis.sentinel} sets it up.
 *
 * @author redis-lock contributors
 */
class SentinelRedisLockTests extends AbstractRedisLockContractTests {

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	private static RedisSentinelGroup sentinel;

	@BeforeAll
	static void startSentinels() {
		sentinel = redis.sentinel(3, 1);
	}

	@Override
	protected RedisConfiguration redisConfiguration() {
		RedisSentinelConfiguration configuration = new RedisSentinelConfiguration();
		configuration.master(sentinel.masterName());
		for (RedisNode node : sentinel.sentinels()) {
			configuration.sentinel(node.host(), node.port());
		}
		return configuration;
	}

	@Override
	protected List<RedisNode> dataNodes() {
		return sentinel.dataNodes();
	}

}
