// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.fencing;

import java.util.function.LongPredicate;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

import io.github.redislock.annotation.LockContext;
import io.github.redislock.core.AcquiredLock;
import io.github.redislock.core.DistributedLock;
import io.github.redislock.core.StaleFencingTokenException;
import org.jspecify.annotations.Nullable;

import org.springframework.util.Assert;

/**
 * Where a fenced write takes its token: a lock or token the caller bound, or else the
 * {@code @RedisLock} method running on the thread. Asked at each write, so a bound
 * {@link DistributedLock} answers for the hold current at that write. A refused write
 * raises the lock's tokens above the resource's, so that a store that lost its last
 * tokens costs one holder, not every holder until its clock passes them.
 */
record FencingTokenSource(String lockName, LongSupplier token, @Nullable LongPredicate raise) {

	static FencingTokenSource of(DistributedLock lock) {
		Assert.notNull(lock, "'lock' must not be null");
		return new FencingTokenSource(lock.getName(), lock::getFencingToken, lock::raiseFencingTokensAbove);
	}

	static FencingTokenSource of(AcquiredLock lock) {
		Assert.notNull(lock, "'lock' must not be null");
		return new FencingTokenSource(lock.getName(), lock::getFencingToken, lock::raiseFencingTokensAbove);
	}

	/** A token without its lock cannot raise the lock's tokens. */
	static FencingTokenSource of(String lockName, long fencingToken) {
		Assert.hasLength(lockName, "'lockName' must not be empty");
		Assert.isTrue(fencingToken > 0, () -> "'fencingToken' must be positive, but was " + fencingToken);
		return new FencingTokenSource(lockName, () -> fencingToken, null);
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
		return new FencingTokenSource(context.getLockName(), context::getFencingToken,
				context::raiseFencingTokensAbove);
	}

	long value() {
		return this.token.getAsLong();
	}

	/**
	 * Raise the lock's tokens above the one that refused the write, then return the
	 * refusal to throw; a raise that fails is kept on it as suppressed, since the refusal
	 * is what the caller must see.
	 */
	StaleFencingTokenException refused(long newerToken, StaleFencingTokenException refusal) {
		if (this.raise != null && newerToken > 0) {
			try {
				this.raise.test(newerToken);
			}
			catch (RuntimeException ex) {
				refusal.addSuppressed(ex);
			}
		}
		return refusal;
	}

}
