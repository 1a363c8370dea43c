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

import io.github.redislock.store.LockStore;

/**
 * A store whose release notifications never arrive, as with a broken subscription, so
 * that tests can show what the backoff alone achieves.
 *
 * @author redis-lock contributors
 */
final class WithoutNotifications extends DelegatingLockStore {

	WithoutNotifications(LockStore delegate) {
		super(delegate);
	}

	@Override
	public AutoCloseable subscribe(String name, ReleaseListener listener) {
		return () -> {
		};
	}

	@Override
	public AutoCloseable subscribe(String name, String ownerToken, ReleaseListener listener) {
		return subscribe(name, listener);
	}

}
