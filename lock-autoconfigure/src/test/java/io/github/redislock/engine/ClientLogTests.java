// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.engine;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link ClientLog}: the engine's parts log in the category that applications
 * set for the client, which its string must keep naming.
 *
 * @author redis-lock contributors
 */
class ClientLogTests {

	@Test
	void logsInTheCategoryOfTheClientClass() {
		assertThat(ClientLog.logger.getName()).isEqualTo(DefaultLockClient.class.getName());
	}

}
