/*
 * Copyright 2026 the original authors.
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *      https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
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
