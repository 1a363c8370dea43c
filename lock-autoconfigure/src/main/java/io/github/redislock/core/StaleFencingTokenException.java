// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.core;

/**
 * Thrown when the data store refused a fenced write because what it holds was written
 * under a newer fencing token than the writer's: the writer's lease ran out while it was
 * paused or slow, and another holder of the lock has written since. Nothing was written;
 * the work done under the stale lease should be abandoned, not retried with the same
 * token.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
public class StaleFencingTokenException extends LockException {

	private final long fencingToken;

	private final String target;

	/**
	 * Create an exception.
	 * @param lockName the name of the lock whose token was refused
	 * @param fencingToken the refused token
	 * @param target what refused it: a table, a key
	 * @param message the detail message, naming the lock, the token and the target
	 */
	public StaleFencingTokenException(String lockName, long fencingToken, String target, String message) {
		super(lockName, message, null);
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
