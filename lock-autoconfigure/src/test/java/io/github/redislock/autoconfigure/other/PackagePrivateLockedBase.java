// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.autoconfigure.other;

import io.github.redislock.annotation.RedisLock;

/**
 * A base class in another package than its subclass, whose package-private locked method
 * a class proxy of the subclass cannot override.
 *
 * @author redis-lock contributors
 */
public class PackagePrivateLockedBase {

	@RedisLock("#id")
	void work(String id) {
	}

}
