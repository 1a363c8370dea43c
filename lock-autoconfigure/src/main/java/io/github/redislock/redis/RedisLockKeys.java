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

import org.springframework.util.Assert;

/**
 * Names the Redis keys and channel of a lock. Every name is wrapped in a hash tag, so the
 * lock key and its fence key land in the same Redis Cluster slot and one script can touch
 * both. Braces in a lock name would move that tag, so they are percent-encoded, together
 * with the percent sign so that distinct names stay distinct.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
public final class RedisLockKeys {

	private final String prefix;

	/**
	 * Create keys under the given prefix.
	 * @param prefix prepended to every key, for example {@code lock:}; must not contain
	 * braces, which would set a hash tag of their own
	 */
	public RedisLockKeys(String prefix) {
		Assert.hasText(prefix, "Key prefix must not be empty");
		Assert.isTrue(prefix.indexOf('{') < 0 && prefix.indexOf('}') < 0,
				() -> "Key prefix must not contain '{' or '}', was '" + prefix + "'");
		this.prefix = prefix;
	}

	/**
	 * Return the key holding the owner token of the lock.
	 * @param name the lock name
	 * @return the lock key
	 */
	public String lockKey(String name) {
		return this.prefix + "{" + encode(name) + "}";
	}

	/**
	 * Return the key holding the last fencing token issued for the lock.
	 * @param name the lock name
	 * @return the fence key
	 */
	public String fenceKey(String name) {
		return lockKey(name) + ":fence";
	}

	/**
	 * Return the key holding the waiters queued for a hand-off of the lock.
	 * @param name the lock name
	 * @return the waiters key
	 */
	public String waitersKey(String name) {
		return lockKey(name) + ":waiters";
	}

	/**
	 * Return the channel on which releases of the lock are announced.
	 * @param name the lock name
	 * @return the channel
	 */
	public String channel(String name) {
		return lockKey(name) + ":released";
	}

	private static String encode(String name) {
		if (name.indexOf('{') < 0 && name.indexOf('}') < 0 && name.indexOf('%') < 0) {
			return name;
		}
		StringBuilder encoded = new StringBuilder(name.length() + 8);
		for (int i = 0; i < name.length(); i++) {
			char c = name.charAt(i);
			switch (c) {
				case '%' -> encoded.append("%25");
				case '{' -> encoded.append("%7B");
				case '}' -> encoded.append("%7D");
				default -> encoded.append(c);
			}
		}
		return encoded.toString();
	}

}
