// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.engine;

import io.github.redislock.core.LockLostException;
import io.github.redislock.store.LockStore;

/**
 * Issues a hold's fencing token on first request, since most holders never read it; only
 * while the store still records the holder, so that no later holder's token is smaller.
 *
 * @author redis-lock contributors
 */
final class FencingTokens {

	private final StoreCalls store;

	private final LeaseKeeper leases;

	FencingTokens(StoreCalls store, LeaseKeeper leases) {
		this.store = store;
		this.leases = leases;
	}

	/** Throws {@link LockLostException} if the lease was lost before issuing. */
	long tokenOf(Lease hold) {
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

	boolean raiseAbove(String name, long token) {
		LockStore.checkRaisableToken(name, token);
		return this.store.raiseFencingTokensAbove(name, token);
	}

	private static LockLostException lostBeforeIssued(Lease hold) {
		return new LockLostException(hold.name(),
				"Lock '" + hold.name() + "' was lost before its fencing token was issued");
	}

}
