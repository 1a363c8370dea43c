// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.fencing;

import java.util.UUID;

import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Fenced entities on H2, the fast tier.
 *
 * @author redis-lock contributors
 */
class H2FencedEntityWritesTests extends AbstractFencedEntityWritesTests {

	@Override
	String[] databaseProperties() {
		return new String[] { "spring.datasource.url=jdbc:h2:mem:fenced-" + UUID.randomUUID()
				+ ";DB_CLOSE_DELAY=-1;LOCK_TIMEOUT=20000" };
	}

	@Override
	int sessionsWaitingForALock(JdbcTemplate jdbc) {
		return jdbc.queryForObject("select count(*) from information_schema.sessions where blocker_id is not null",
				Integer.class);
	}

}
