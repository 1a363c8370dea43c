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
