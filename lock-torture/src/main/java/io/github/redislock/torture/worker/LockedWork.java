// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.torture.worker;

/**
 * What a worker runs while it holds a lock, given a way to the lock's fencing token.
 *
 * @author redis-lock contributors
 */
@FunctionalInterface
public interface LockedWork {

	/**
	 * Run while the lock is held.
	 * @param fencingToken asks the lock for its fencing token
	 * @throws InterruptedException if the holding thread is interrupted
	 */
	void run(FencingTokenSource fencingToken) throws InterruptedException;

	/**
	 * The fencing token of the lock held, fetched when first asked.
	 */
	@FunctionalInterface
	interface FencingTokenSource {

		/**
		 * Return the fencing token.
		 * @return the token
		 */
		long get();

	}

}
