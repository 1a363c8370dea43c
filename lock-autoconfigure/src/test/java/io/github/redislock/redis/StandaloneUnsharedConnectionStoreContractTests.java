// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redis;

import io.github.redislock.testsupport.RedisNode;
import io.github.redislock.testsupport.RedisServerExtension;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.data.redis.connection.RedisConfiguration;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;

/**
 * The store contract on a standalone Redis server, over a connection factory that does
 * not share its native connection: each asynchronous call holds a connection of its own
 * until Redis answers it.
 *
 * @author redis-lock contributors
 */
class StandaloneUnsharedConnectionStoreContractTests extends AbstractRedisLockStoreContractTests {

	@RegisterExtension
	static final RedisServerExtension redisServers = new RedisServerExtension();

	private static RedisNode server;

	@BeforeAll
	static void startServer() {
		server = redisServers.standalone();
	}

	@Override
	protected RedisConfiguration redisConfiguration() {
		return new RedisStandaloneConfiguration(server.host(), server.port());
	}

	@Override
	protected boolean shareNativeConnection() {
		return false;
	}

}
