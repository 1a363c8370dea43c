// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.engine;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.github.redislock.engine.DefaultLockClient.LeaseView;
import io.github.redislock.engine.DefaultLockClient.WaiterView;
import io.github.redislock.store.LockHolder;

/**
 * Operators' snapshots of what a client holds and waits for, read without locking.
 *
 * @author redis-lock contributors
 */
final class LockInventory {

	private LockInventory() {
	}

	static List<LeaseView> heldLocks(Collection<LockState> states, Collection<Lease> leases) {
		List<LeaseView> held = new ArrayList<>();
		for (LockState state : states) {
			Lease hold = state.hold;
			if (hold == null || hold.isReleasedOrLost()) {
				continue;
			}
			Thread owner = state.local.owner();
			boolean ownerHolds = owner != null && owner == hold.owner();
			long fencingToken = hold.fencingToken();
			held.add(new LeaseView(state.name, ownerHolds ? LockHolder.threadName(owner) : null,
					ownerHolds ? state.local.ownerHoldCount() : 0, hold.acquiredAt(),
					Duration.ofNanos(hold.remainingNanos()), hold.isRenewing(),
					(fencingToken != 0) ? fencingToken : null, hold.method()));
		}
		for (Lease lease : leases) {
			if (!lease.isReleasedOrLost()) {
				long fencingToken = lease.fencingToken();
				held.add(new LeaseView(lease.name(), null, 1, lease.acquiredAt(),
						Duration.ofNanos(lease.remainingNanos()), lease.isRenewing(),
						(fencingToken != 0) ? fencingToken : null, lease.method()));
			}
		}
		held.sort(Comparator.comparing(LeaseView::name));
		return held;
	}

	/** {@code asyncWaits}: a name per asynchronous holder, each waiting in the store. */
	static List<WaiterView> waits(Collection<LockState> states, Collection<String> asyncWaits) {
		Map<String, Integer> asyncByName = new HashMap<>();
		asyncWaits.forEach((name) -> asyncByName.merge(name, 1, Integer::sum));
		List<WaiterView> waits = new ArrayList<>();
		for (LockState state : states) {
			// The head of the local queue holds the local lock, not the lock.
			boolean inStore = state.local.owner() != null && state.hold == null;
			Integer async = asyncByName.remove(state.name);
			int waiting = state.local.queueLength() + (inStore ? 1 : 0) + ((async != null) ? async : 0);
			if (waiting > 0) {
				waits.add(new WaiterView(state.name, waiting, inStore || async != null));
			}
		}
		asyncByName.forEach((name, waiting) -> waits.add(new WaiterView(name, waiting, true)));
		waits.sort(Comparator.comparing(WaiterView::name));
		return waits;
	}

}
