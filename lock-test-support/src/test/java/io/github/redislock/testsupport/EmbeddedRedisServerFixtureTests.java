// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.testsupport;

/**
 * Runs the fixture behaviour against the Redis 6.2 binary of the embedded-redis jar, the
 * fallback used where no redis-server is installed.
 *
 * @author redis-lock contributors
 */
class EmbeddedRedisServerFixtureTests extends AbstractRedisServerFixtureTests {

	EmbeddedRedisServerFixtureTests() {
		super(RedisBinaryLocator::embedded);
	}

}
