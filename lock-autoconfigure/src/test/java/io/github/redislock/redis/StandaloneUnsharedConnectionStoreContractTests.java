// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redis;

/**
 * The store contract on a standalone Redis server, over a connection factory that does
 * not share its native connection: each asynchronous call holds a connection of its own
 * until Redis answers it.
 *
 * @author redis-lock contributors
 */
class StandaloneUnsharedConnectionStoreContractTests extends StandaloneRedisLockStoreContractTests {

	@Override
	protected boolean shareNativeConnection() {
		return false;
	}

}
