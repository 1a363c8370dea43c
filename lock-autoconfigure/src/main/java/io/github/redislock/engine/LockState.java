// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.engine;

import java.util.function.BooleanSupplier;

import org.jspecify.annotations.Nullable;

/**
 * One lock name while a thread of this process holds or waits for it.
 *
 * @author redis-lock contributors
 */
final class LockState {

	final String name;

	final LocalLock local;

	/** The wait in the store of the thread at the head of the local queue, if any. */
	volatile @Nullable Acquisition waiting;

	/** Threads holding or waiting for this lock; guarded by {@link LockStates}. */
	int references;

	/**
	 * Written by the holder of {@link #local}, or by {@link LockStates} once it ended.
	 */
	volatile @Nullable Lease hold;

	/** Left in the store for the next local thread; one of the {@link #references}. */
	volatile @Nullable Lease handedOff;

	/** Passes in a row to the next local thread while other processes may wait. */
	int keptTurns;

	LockState(String name, BooleanSupplier waitsAbandoned, EngineRuntime runtime) {
		this.name = name;
		this.local = new LocalLock(waitsAbandoned, runtime);
	}

	@Nullable Lease heldByCurrentThread() {
		Lease current = this.hold;
		return (current != null && this.local.isHeldByCurrentThread()) ? current : null;
	}

}
