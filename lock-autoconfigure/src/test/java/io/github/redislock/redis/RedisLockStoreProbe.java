// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redis;

import io.github.redislock.store.LockHolder;

/**
 * Reads what a {@link RedisLockStore} keeps, for tests in other packages; not part of the
 * store's API.
 *
 * @author redis-lock contributors
 */
public final class RedisLockStoreProbe {

	private RedisLockStoreProbe() {
	}

	/**
	 * Return the holder record the store writes for the current thread under an owner
	 * token.
	 * @param store the store
	 * @param ownerToken the owner token
	 * @return the record's JSON fields
	 */
	public static String holderFields(RedisLockStore store, String ownerToken) {
		return store.holderFields(ownerToken, LockHolder.currentThread(null));
	}

}
