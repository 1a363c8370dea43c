// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.fencing;

import io.github.redislock.core.LockException;

/**
 * Thrown when a store refuses a write because a holder with an equal or newer fencing
 * token wrote the same data since: the writer's lease ran out (a pause, a lost
 * connection) and another holder took the lock, so this write must not land. Nothing was
 * written.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
public class StaleFencingTokenException extends LockException {

	private final String resource;

	private final long fencingToken;

	/**
	 * Create an exception.
	 * @param lockName the name of the lock the token belongs to
	 * @param resource what the write was refused on, for example
	 * {@code Redis key 'stock:42'}
	 * @param fencingToken the refused token
	 */
	public StaleFencingTokenException(String lockName, String resource, long fencingToken) {
		super(lockName,
				"Write to " + resource + " with fencing token " + fencingToken + " of lock '" + lockName
						+ "' was refused: a holder with an equal or newer token wrote it since, so this holder's lease "
						+ "ran out and the lock was taken by another",
				null);
		this.resource = resource;
		this.fencingToken = fencingToken;
	}

	/**
	 * Return what the write was refused on.
	 * @return the resource, as named in the message
	 */
	public String getResource() {
		return this.resource;
	}

	/**
	 * Return the refused fencing token.
	 * @return the token
	 */
	public long getFencingToken() {
		return this.fencingToken;
	}

}
