// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.autoconfigure;

import javax.sql.DataSource;

import io.github.redislock.fencing.FencedJdbcTemplate;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnSingleCandidate;
import org.springframework.context.annotation.Bean;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * A {@link FencedJdbcTemplate} over the application's {@link JdbcClient} (or its only
 * {@link DataSource}), when it uses Spring JDBC; apart from the main auto-configuration
 * so that nothing there names a JDBC type. The data source auto-configurations are named
 * for both Spring Boot lines, which keep them in different packages.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
@AutoConfiguration(afterName = { "org.springframework.boot.autoconfigure.jdbc.DataSourceAutoConfiguration",
		"org.springframework.boot.autoconfigure.jdbc.JdbcClientAutoConfiguration",
		"org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration",
		"org.springframework.boot.jdbc.autoconfigure.JdbcClientAutoConfiguration" })
@ConditionalOnClass(JdbcClient.class)
@ConditionalOnSingleCandidate(DataSource.class)
public final class FencedJdbcAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	FencedJdbcTemplate fencedJdbcTemplate(ObjectProvider<JdbcClient> jdbcClient, DataSource dataSource) {
		return new FencedJdbcTemplate(jdbcClient.getIfUnique(() -> JdbcClient.create(dataSource)));
	}

}
