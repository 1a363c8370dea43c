// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.fencing;

import io.github.redislock.testsupport.PostgresServer;
import org.junit.jupiter.api.AfterAll;

import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Fenced entities on a private PostgreSQL server, whose READ COMMITTED updates re-check
 * their condition against the row a concurrent transaction committed.
 *
 * @author redis-lock contributors
 */
class PostgresFencedEntityWritesTests extends AbstractFencedEntityWritesTests {

	private PostgresServer postgres;

	@Override
	String[] databaseProperties() {
		this.postgres = PostgresServer.start();
		return new String[] { "spring.datasource.url=" + this.postgres.jdbcUrl(),
				"spring.datasource.username=" + this.postgres.user(),
				"spring.datasource.password=" + this.postgres.password() };
	}

	@Override
	int sessionsWaitingForALock(JdbcTemplate jdbc) {
		return jdbc.queryForObject("select count(*) from pg_stat_activity where wait_event_type = 'Lock'",
				Integer.class);
	}

	@AfterAll
	void stopPostgres() {
		if (this.postgres != null) {
			this.postgres.close();
		}
	}

}
