// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.engine;

import java.util.function.BooleanSupplier;

import org.jspecify.annotations.Nullable;

/**
 * What this process knows about one lock name while some thread holds or waits for it.
 * Threads of one process queue on a fair local lock, so only the thread at the head talks
 * to the store, and re-entries are counted by that local lock without a round trip. A
 * state lives while some thread holds or waits for the lock, or until the client finds
 * that the holding thread ended without unlocking it.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
final class LockState {

	final String name;

	final LocalLock local;

	/** The wait in the store of the thread at the head of the local queue, if any. */
	volatile @Nullable Acquisition waiting;

	/** Threads holding or waiting for this lock; guarded by {@link LockStates}. */
	int references;

	/** The current hold; set and cleared only by the thread holding {@link #local}. */
	volatile @Nullable LockHold hold;

	/**
	 * A hold released locally and left in the store for the next local thread to take
	 * over; it counts as one of the {@link #references}. Set and cleared only by the
	 * thread holding {@link #local}.
	 */
	volatile @Nullable LockHold handedOff;

	/**
	 * Times in a row a release passed the lock to the next thread of this process while
	 * other processes had waiters queued, or may have had, in a store that queues none;
	 * touched only by the thread holding {@link #local}.
	 */
	int keptTurns;

	/**
	 * Create the state of a lock.
	 * @param name the lock name
	 * @param waitsAbandoned whether threads waiting for the local lock give up instead,
	 * as they do while the client shuts down
	 */
	LockState(String name, BooleanSupplier waitsAbandoned) {
		this.name = name;
		this.local = new LocalLock(waitsAbandoned);
	}

	/**
	 * Make the waiting head thread's next attempt now, so that it finds the client
	 * stopping and gives up.
	 */
	void wakeWaiter() {
		Acquisition current = this.waiting;
		if (current != null) {
			current.wakeUp();
		}
	}

	@Nullable LockHold heldByCurrentThread() {
		LockHold current = this.hold;
		return (current != null && this.local.isHeldByCurrentThread()) ? current : null;
	}

}
