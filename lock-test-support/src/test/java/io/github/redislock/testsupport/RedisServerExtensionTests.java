// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

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
