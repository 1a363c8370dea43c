// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.fencing;

import java.util.function.LongSupplier;
import java.util.function.Supplier;

import io.github.redislock.annotation.LockContext;
import io.github.redislock.core.AcquiredLock;
import io.github.redislock.core.DistributedLock;

import org.springframework.util.Assert;

/**
 * Where a fenced write takes its token: a lock or token the caller bound, or else the
 * {@code @RedisLock} method running on the thread. Asked at each write, so a bound
 * {@link DistributedLock} answers for the hold current at that write.
 */
record FencingTokenSource(String lockName, LongSupplier token) {

	static FencingTokenSource of(DistributedLock lock) {
		Assert.notNull(lock, "'lock' must not be null");
		return new FencingTokenSource(lock.getName(), lock::getFencingToken);
	}

	static FencingTokenSource of(AcquiredLock lock) {
		Assert.notNull(lock, "'lock' must not be null");
		return new FencingTokenSource(lock.getName(), lock::getFencingToken);
	}

	static FencingTokenSource of(String lockName, long fencingToken) {
		Assert.hasLength(lockName, "'lockName' must not be empty");
		Assert.isTrue(fencingToken > 0, () -> "'fencingToken' must be positive, but was " + fencingToken);
		return new FencingTokenSource(lockName, () -> fencingToken);
	}

	/**
	 * The innermost {@code @RedisLock} method's lease; {@code write} names what is
	 * written.
	 */
	static FencingTokenSource current(Supplier<String> write) {
		if (!LockContext.isActive()) {
			throw new IllegalStateException(write.get() + " needs a fencing token, and no @RedisLock method is "
					+ "running on this thread: write inside one, or through forLock(lock) with a lock this thread holds");
		}
		LockContext context = LockContext.current();
		return new FencingTokenSource(context.getLockName(), context::getFencingToken);
	}

	long value() {
		return this.token.getAsLong();
	}

}
