// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.torture.worker;

import java.util.function.LongConsumer;
import java.util.function.LongSupplier;

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
	 * The fencing token of the lock held, fetched when first asked, and the way to raise
	 * the lock's tokens above one a resource holds, as an application does when its
	 * resource refuses a token.
	 */
	interface FencingTokenSource {

		/**
		 * Return the fencing token.
		 * @return the token
		 */
		long get();

		/**
		 * Make the lock's next tokens larger than the given one.
		 * @param token a token the resource holds
		 */
		void raiseAbove(long token);

		/**
		 * Return a source from its two halves.
		 * @param token fetches the token
		 * @param raise raises the lock's tokens
		 * @return the source
		 */
		static FencingTokenSource of(LongSupplier token, LongConsumer raise) {
			return new FencingTokenSource() {

				@Override
				public long get() {
					return token.getAsLong();
				}

				@Override
				public void raiseAbove(long above) {
					raise.accept(above);
				}

			};
		}

	}

}
