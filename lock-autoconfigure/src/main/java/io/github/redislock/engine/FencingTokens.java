// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.engine;

import io.github.redislock.core.LockLostException;

/**
 * Issues the fencing token of a hold the first time its holder asks for it: most holders
 * never read it, and an acquisition without one is cheaper. A token is only issued while
 * the store still records the holder, so it is never one that a later holder's token
 * could be smaller than.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
final class FencingTokens {

	private final GuardedStore store;

	private final LeaseKeeper leases;

	FencingTokens(GuardedStore store, LeaseKeeper leases) {
		this.store = store;
		this.leases = leases;
	}

	/**
	 * Return the hold's fencing token, asking the store for one the first time.
	 * @param hold the hold, held by the current thread
	 * @return the token
	 * @throws LockLostException if the lease was lost before the token was issued
	 */
	long tokenOf(LockHold hold) {
		long token = hold.fencingToken();
		if (token != 0) {
			return token;
		}
		if (!hold.isValid()) {
			throw lostBeforeIssued(hold);
		}
		token = this.store.issueFencingToken(hold);
		if (token == 0) {
			this.leases.lost(hold, "the store no longer recorded this holder when it asked for a fencing token");
			throw lostBeforeIssued(hold);
		}
		return hold.fencingTokenIssued(token);
	}

	private static LockLostException lostBeforeIssued(LockHold hold) {
		return new LockLostException(hold.name(),
				"Lock '" + hold.name() + "' was lost before its fencing token was issued");
	}

}
