// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.torture.supervisor;

import java.util.Map;

import org.jspecify.annotations.Nullable;

import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * Reads a lock's queue of waiters in Redis, to find the instance of the waiter served
 * next: each entry starts with its arrival, and is keyed by the waiter's owner token,
 * which starts with its instance's id whatever the holder record says
 * ({@code redis-lock.holder-details}).
 *
 * @author redis-lock contributors
 */
final class WaiterQueue {

	private final StringRedisTemplate redis;

	private final LockKeys keys;

	WaiterQueue(StringRedisTemplate redis, LockKeys keys) {
		this.redis = redis;
		this.keys = keys;
	}

	/**
	 * Return whether the waiter first in a lock's queue runs in an instance.
	 * @param lock the lock
	 * @param instanceId the id of the instance's lock client, or {@code null} if unknown
	 * @return whether it is first
	 */
	boolean isFirst(String lock, @Nullable String instanceId) {
		if (instanceId == null) {
			return false;
		}
		Map<String, String> waiters = this.redis.<String, String>opsForHash().entries(this.keys.waitersKey(lock));
		String first = null;
		long firstArrival = Long.MAX_VALUE;
		for (Map.Entry<String, String> waiter : waiters.entrySet()) {
			String entry = waiter.getValue();
			long arrival = Long.parseLong(entry.substring(0, entry.indexOf(' ')));
			if (arrival < firstArrival) {
				firstArrival = arrival;
				first = waiter.getKey();
			}
		}
		return first != null && first.startsWith(instanceId + ":");
	}

}
