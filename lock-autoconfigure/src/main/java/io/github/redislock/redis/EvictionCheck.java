// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redis;

/**
 * What the lock store does at start-up when a Redis server may evict keys that have an
 * expiry ({@code maxmemory-policy} other than {@code noeviction}): every lock key has
 * one, so such a server can drop a held lock when memory fills and let a second holder
 * in.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 * @see RedisLockStore#checkEvictionPolicy
 */
public enum EvictionCheck {

	/**
	 * Refuse to start when a server has a {@code maxmemory} limit and a policy that can
	 * evict lock keys; warn when it has such a policy but no limit yet.
	 */
	FAIL,

	/** Start, warning about each server whose policy can evict lock keys. */
	WARN,

	/** Do not read the servers' policy. */
	OFF

}
