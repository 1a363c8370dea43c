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

import org.jspecify.annotations.Nullable;

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
			held.add(view(hold, ownerHolds ? LockHolder.threadName(owner) : null,
					ownerHolds ? state.local.ownerHoldCount() : 0));
		}
		for (Lease lease : leases) {
			if (!lease.isReleasedOrLost()) {
				held.add(view(lease, null, 1));
			}
		}
		held.sort(Comparator.comparing(LeaseView::name));
		return held;
	}

	private static LeaseView view(Lease hold, @Nullable String ownerThread, int holdCount) {
		long fencingToken = hold.fencingToken();
		return new LeaseView(hold.name(), ownerThread, holdCount, hold.acquiredAt(),
				Duration.ofNanos(hold.remainingNanos()), hold.isRenewing(), (fencingToken != 0) ? fencingToken : null,
				hold.method());
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
