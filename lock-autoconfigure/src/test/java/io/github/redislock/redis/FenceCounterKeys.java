// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redis;

/**
 * The key of a lock's fence counter under the {@code lock:} prefix, for tests outside
 * this package that set or read it on a server directly: the key layout is internal.
 *
 * @author redis-lock contributors
 */
public final class FenceCounterKeys {

	private static final RedisLockKeys KEYS = new RedisLockKeys("lock:");

	private FenceCounterKeys() {
	}

	public static String of(String name) {
		return KEYS.fenceCounterKey(name);
	}

}
