// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
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
