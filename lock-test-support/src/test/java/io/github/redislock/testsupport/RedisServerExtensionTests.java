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

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.BDDMockito.given;
import static org.mockito.Mockito.mock;

/**
 * Tests for {@link RedisServerExtension}'s lifecycle: servers must be gone after the
 * class (static field) or after the test (instance field), and a nested class must not
 * close its outer class's servers.
 *
 * @author redis-lock contributors
 */
class RedisServerExtensionTests {

	@Test
	void staticRegistrationKeepsServersForTheClassAndStopsThemAfterIt() {
		RedisServerExtension extension = new RedisServerExtension(RedisBinaryLocator::locate);
		ExtensionContext outer = context("[class:Outer]");
		ExtensionContext nested = context("[class:Outer]/[nested-class:Inner]");
		extension.beforeAll(outer);
		RedisNode node = extension.standalone();
		extension.afterEach(outer);
		extension.beforeAll(nested);
		extension.afterAll(nested);
		assertThat(node.isRunning()).isTrue();
		assertThat(extension.fixture().nodes()).containsExactly(node);
		extension.afterAll(outer);
		assertThat(node.isRunning()).isFalse();
	}

	@Test
	void instanceRegistrationStopsServersAfterEachTest() {
		RedisServerExtension extension = new RedisServerExtension(RedisBinaryLocator::locate);
		RedisNode node = extension.standalone();
		extension.afterEach(context("[method:test()]"));
		assertThat(node.isRunning()).isFalse();
		assertThat(LiveNodes.snapshot()).doesNotContain(node);
		extension.afterEach(context("[method:test()]"));
	}

	private static ExtensionContext context(String uniqueId) {
		ExtensionContext context = mock(ExtensionContext.class);
		given(context.getUniqueId()).willReturn(uniqueId);
		return context;
	}

}
