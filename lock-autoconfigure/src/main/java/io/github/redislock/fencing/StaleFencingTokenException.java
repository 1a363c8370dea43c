// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.fencing;

import io.github.redislock.core.LockException;

/**
 * Thrown when a store refuses a write because it already holds a fencing token as large
 * as the writer's: a newer holder of the lock wrote since, so the writer's lease ran out
 * or was lost before it wrote. The write did not happen; the transaction it was part of
 * should roll back.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
public class StaleFencingTokenException extends LockException {

	private final long fencingToken;

	/**
	 * Create an exception.
	 * @param lockName the name of the lock whose lease the writer held
	 * @param fencingToken the writer's fencing token, the one refused
	 * @param message the detail message, naming what was written and the token
	 */
	public StaleFencingTokenException(String lockName, long fencingToken, String message) {
		super(lockName, message, null);
		this.fencingToken = fencingToken;
	}

	/**
	 * Return the fencing token that was refused.
	 * @return the writer's fencing token
	 */
	public long getFencingToken() {
		return this.fencingToken;
	}

}
