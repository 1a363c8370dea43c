// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redis;

import java.util.List;

import io.github.redislock.testsupport.RedisNode;
import io.github.redislock.testsupport.RedisServerExtension;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.data.redis.connection.RedisConfiguration;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;

/**
 * The lock's contract on a standalone Redis.
 *
 * @author redis-lock contributors
 */
class StandaloneRedisLockTests extends AbstractRedisLockContractTests {

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	private static RedisNode server;

	@BeforeAll
	static void startServer() {
		server = redis.standalone();
	}

	@Override
	protected RedisConfiguration redisConfiguration() {
		return new RedisStandaloneConfiguration(server.host(), server.port());
	}

	@Override
	protected List<RedisNode> dataNodes() {
		return List.of(server);
	}

}
