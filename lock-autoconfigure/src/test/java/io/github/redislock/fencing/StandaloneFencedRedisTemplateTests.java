// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.fencing;

import io.github.redislock.testsupport.RedisNode;
import io.github.redislock.testsupport.RedisServerExtension;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.data.redis.connection.RedisConfiguration;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;

/**
 * Fenced writes on one {@code redis-server}.
 *
 * @author redis-lock contributors
 */
class StandaloneFencedRedisTemplateTests extends AbstractFencedRedisTemplateTests {

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	private static RedisNode server;

	@BeforeAll
	static void startServer() {
		server = redis.standalone();
	}

	@Override
	protected RedisConfiguration redisConfiguration() {
		return new RedisStandaloneConfiguration(RedisNode.HOST, server.port());
	}

}
