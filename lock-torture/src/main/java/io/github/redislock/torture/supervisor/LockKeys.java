// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.torture.supervisor;

import org.springframework.util.Assert;

/**
 * The Redis keys of a lock, spelled as docs/how-it-works.md documents them, so that the
 * supervisor reads what it promises: the name in braces after the prefix, the waiters
 * beside it. The torture run's lock names need no escaping.
 *
 * @param prefix the key prefix of the workers' stores
 * @author redis-lock contributors
 */
record LockKeys(String prefix) {

	String lockKey(String name) {
		Assert.isTrue(name.indexOf('%') < 0 && name.indexOf('{') < 0 && name.indexOf('}') < 0,
				() -> "Lock name '" + name + "' would be escaped in its key");
		return this.prefix + "{" + name + "}";
	}

	String waitersKey(String name) {
		return lockKey(name) + ":waiters";
	}

}
