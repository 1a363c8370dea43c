// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.fencing;

import io.github.redislock.core.LockException;
import io.github.redislock.testsupport.RedisNode;
import io.github.redislock.testsupport.RedisServerExtension;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.dao.DataAccessException;
import org.springframework.data.redis.connection.RedisConfiguration;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Fenced writes on one {@code redis-server}, and what a failure of the server itself
 * reports.
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

	@Test
	void aRedisFailureUnrelatedToFencingStaysTheDataAccessExceptionOfSpringDataRedis() {
		server.command("CONFIG", "SET", "maxmemory", "1");
		try {
			assertThatExceptionOfType(DataAccessException.class)
				.isThrownBy(() -> fenced().forToken("full", 1).set("full:1", "v"))
				.satisfies((ex) -> assertThat(ex).isNotInstanceOf(LockException.class).hasStackTraceContaining("OOM"));
		}
		finally {
			server.command("CONFIG", "SET", "maxmemory", "0");
		}
		assertThat(redis().hasKey("full:1")).isFalse();
	}

}
