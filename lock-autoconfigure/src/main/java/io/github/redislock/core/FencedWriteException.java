// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.core;

import org.jspecify.annotations.Nullable;

/**
 * Thrown when a fenced write was refused, and nothing was written. This type itself says
 * the data store refused it for what its keys hold rather than for the writer's token:
 * the value's key holds a type the write cannot change (a string where a hash is
 * written), or the key that keeps the last fencing token of the value holds something
 * other than a fencing token, so the write could not be compared with earlier ones;
 * retrying does not help until the keys are fixed. A write refused for its token throws
 * the subclass {@link StaleFencingTokenException}. Failures of the store itself
 * (unreachable, out of memory, read-only) are not reported this way.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
public class FencedWriteException extends LockException {

	private final long fencingToken;

	private final String target;

	/**
	 * Create an exception.
	 * @param lockName the name of the lock whose token the write carried
	 * @param fencingToken the token the write carried
	 * @param target what refused the write, such as a Redis key
	 * @param message the detail message, naming the lock and the target
	 * @param cause the store's or its client's failure, if any
	 */
	public FencedWriteException(String lockName, long fencingToken, String target, String message,
			@Nullable Throwable cause) {
		super(lockName, message, cause);
		this.fencingToken = fencingToken;
		this.target = target;
	}

	/**
	 * Return the fencing token the refused write carried.
	 * @return the token
	 */
	public long getFencingToken() {
		return this.fencingToken;
	}

	/**
	 * Return what refused the write, such as a table or a Redis key.
	 * @return the target
	 */
	public String getTarget() {
		return this.target;
	}

}
