// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redis;

import io.github.redislock.testsupport.RedisNode;
import io.github.redislock.testsupport.RedisSentinelGroup;
import io.github.redislock.testsupport.RedisServerExtension;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.data.redis.connection.RedisConfiguration;
import org.springframework.data.redis.connection.RedisSentinelConfiguration;

/**
 * The store contract on a Redis master with a replica, found through three sentinels.
 *
 * @author redis-lock contributors
 */
class SentinelRedisLockStoreContractTests extends AbstractRedisLockStoreContractTests {

	@RegisterExtension
	static final RedisServerExtension redisServers = new RedisServerExtension();

	private static RedisSentinelGroup sentinel;

	@BeforeAll
	static void startSentinels() {
		sentinel = redisServers.sentinel(3, 1);
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

}
