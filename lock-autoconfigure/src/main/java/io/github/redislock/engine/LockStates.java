// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.engine;

import java.util.Collection;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.function.BiFunction;
import java.util.function.BooleanSupplier;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;

/**
 * The {@link LockState} of every lock name in use, counted by reference so that names no
 * longer held or waited for are dropped.
 *
 * @author redis-lock contributors
 */
final class LockStates implements AutoCloseable {

	private static final Logger logger = ClientLog.logger;

	private final ConcurrentMap<String, LockState> states = new ConcurrentHashMap<>();

	private final LeaseKeeper leases;

	private final BooleanSupplier waitsAbandoned;

	/** Made once, so that an acquisition allocates no method reference. */
	private final BiFunction<String, @Nullable LockState, LockState> retainOne = this::referenceOneMore;

	private final EndedOwnerWatch endedOwners;

	private final EngineRuntime runtime;

	LockStates(LeaseKeeper leases, BooleanSupplier waitsAbandoned, EngineRuntime runtime) {
		this.leases = leases;
		this.waitsAbandoned = waitsAbandoned;
		this.runtime = runtime;
		this.endedOwners = new EndedOwnerWatch(this.states.values(), this::releaseIfOwnerEnded, runtime);
	}

	@Nullable LockState get(String name) {
		return this.states.get(name);
	}

	/** Counts one more thread holding or waiting; makes the state if none is in use. */
	LockState retain(String name) {
		LockState state = this.states.compute(name, this.retainOne);
		this.endedOwners.watch();
		return state;
	}

	private LockState referenceOneMore(String name, @Nullable LockState current) {
		LockState retained = (current != null) ? current : new LockState(name, this.waitsAbandoned, this.runtime);
		retained.references++;
		return retained;
	}

	void unretain(LockState state) {
		this.states.computeIfPresent(state.name, (key, current) -> (--current.references == 0) ? null : current);
	}

	int size() {
		return this.states.size();
	}

	/** A live view. */
	Collection<LockState> all() {
		return this.states.values();
	}

	/** Left to its lease: the thread's half-done work gets a dead process's pause. */
	private void releaseIfOwnerEnded(LockState state) {
		state.local.releaseEndedOwner((owner) -> {
			Lease hold = state.hold;
			state.hold = null;
			state.keptTurns = 0;
			if (hold != null) {
				this.leases.letGo(hold);
				hold.observed().ended(hold.fencingToken());
			}
			unretain(state);
			logger.atWarn()
				.addKeyValue(ClientLog.NAME, state.name)
				.addKeyValue(ClientLog.OUTCOME, "owner_ended")
				.log("Thread '{}' ended while holding lock '{}' without unlocking it: the lock frees itself when "
						+ "its lease runs out, for the other threads of this instance as for other instances",
						owner.getName(), state.name);
		});
	}

	@Override
	public void close() {
		this.endedOwners.close();
	}

}
