// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redis;

/**
 * The store contract on a standalone Redis server, over a connection factory that does
 * not share its native connection, which is taken on the caller's thread: the store then
 * has no non-blocking calls, and each call runs on a connection of its own.
 *
 * @author redis-lock contributors
 */
class StandaloneUnsharedConnectionStoreContractTests extends StandaloneRedisLockStoreContractTests {

	@Override
	protected boolean shareNativeConnection() {
		return false;
	}

}
