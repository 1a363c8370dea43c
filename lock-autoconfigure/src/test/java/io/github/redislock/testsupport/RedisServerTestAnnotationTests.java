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

package io.github.redislock.testsupport;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link RedisServerTest @RedisServerTest} injects one fixture per class into lifecycle
 * and test methods.
 *
 * @author redis-lock contributors
 */
@RedisServerTest
class RedisServerTestAnnotationTests {

	private static RedisNode server;

	@BeforeAll
	static void startServer(RedisFixture redis) {
		server = redis.standalone();
	}

	@Test
	void injectsTheClassFixtureIntoTests(RedisFixture redis) {
		assertThat(redis.nodes()).containsExactly(server);
		assertThat(server.command("PING")).isEqualTo("PONG");
	}

}
