// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.testsupport;

import org.junit.jupiter.api.BeforeAll;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Runs the fixture behaviour against the redis-server found on the {@code PATH}; skipped
 * where none is installed.
 *
 * @author redis-lock contributors
 */
class InstalledRedisServerFixtureTests extends AbstractRedisServerFixtureTests {

	InstalledRedisServerFixtureTests() {
		super(() -> RedisBinaryLocator.onPath().orElseThrow());
	}

	@BeforeAll
	static void requireInstalledServer() {
		assumeTrue(RedisBinaryLocator.onPath().isPresent(), "no redis-server on the PATH");
	}

}
