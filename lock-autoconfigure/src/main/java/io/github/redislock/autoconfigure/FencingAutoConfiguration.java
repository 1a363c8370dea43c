// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.autoconfigure;

import javax.sql.DataSource;

import io.github.redislock.fencing.FencedJdbcTemplate;
import io.github.redislock.fencing.FencedRedisTemplate;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnSingleCandidate;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Auto-configuration of the fenced writes: a {@link FencedJdbcTemplate} over the
 * application's {@link JdbcClient} (or its only {@link DataSource}), and a
 * {@link FencedRedisTemplate} over its {@link StringRedisTemplate}, where the fenced data
 * lives. Apart from the main auto-configuration so that nothing there names a JDBC type.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
@AutoConfiguration(after = RedisLockAutoConfiguration.class,
		afterName = { "org.springframework.boot.autoconfigure.data.redis.RedisAutoConfiguration",
				"org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration",
				"org.springframework.boot.autoconfigure.jdbc.DataSourceAutoConfiguration",
				"org.springframework.boot.autoconfigure.jdbc.JdbcClientAutoConfiguration",
				"org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration",
				"org.springframework.boot.jdbc.autoconfigure.JdbcClientAutoConfiguration" })
public final class FencingAutoConfiguration {

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(JdbcClient.class)
	@ConditionalOnSingleCandidate(DataSource.class)
	static class JdbcConfiguration {

		@Bean
		@ConditionalOnMissingBean
		FencedJdbcTemplate fencedJdbcTemplate(ObjectProvider<JdbcClient> jdbcClient, DataSource dataSource) {
			return new FencedJdbcTemplate(jdbcClient.getIfUnique(() -> JdbcClient.create(dataSource)));
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(StringRedisTemplate.class)
	@ConditionalOnProperty(name = "redis-lock.enabled", havingValue = "true", matchIfMissing = true)
	static class RedisConfiguration {

		@Bean
		@ConditionalOnMissingBean
		@ConditionalOnSingleCandidate(StringRedisTemplate.class)
		FencedRedisTemplate fencedRedisTemplate(StringRedisTemplate redis) {
			return new FencedRedisTemplate(redis);
		}

	}

}
