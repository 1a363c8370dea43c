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
 * The {@link LockState} of every lock name that a thread of this process holds or waits
 * for, counted by reference: a state is made by the first thread that comes for a name,
 * and dropped when the last one leaves, so that a client that touched many names keeps
 * only those in use.
 * <p>
 * A thread that ended while holding a lock never leaves: the {@link EndedOwnerWatch} this
 * registry runs finds it, and the state is freed for the threads queued behind it.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
final class LockStates implements AutoCloseable {

	/** The client's category, where ended holders were always reported. */
	private static final Logger logger = ClientLog.logger;

	private final ConcurrentMap<String, LockState> states = new ConcurrentHashMap<>();

	private final LeaseKeeper leases;

	private final BooleanSupplier waitsAbandoned;

	/**
	 * Made once: a function that uses this registry, made on each call, would cost every
	 * acquisition an allocation.
	 */
	private final BiFunction<String, @Nullable LockState, LockState> retainOne = this::referenceOneMore;

	private final EndedOwnerWatch endedOwners;

	/**
	 * Create a registry.
	 * @param leases lets go of the hold of a thread that ended
	 * @param waitsAbandoned whether threads waiting for a lock give up instead, as they
	 * do while the client shuts down
	 */
	LockStates(LeaseKeeper leases, BooleanSupplier waitsAbandoned) {
		this.leases = leases;
		this.waitsAbandoned = waitsAbandoned;
		this.endedOwners = new EndedOwnerWatch(this.states.values(), this::releaseIfOwnerEnded);
	}

	@Nullable LockState get(String name) {
		return this.states.get(name);
	}

	/**
	 * Return the state of a lock, made if none is in use, counting one more thread that
	 * holds or waits for it.
	 * @param name the lock name
	 * @return the state
	 */
	LockState retain(String name) {
		LockState state = this.states.compute(name, this.retainOne);
		this.endedOwners.watch();
		return state;
	}

	private LockState referenceOneMore(String name, @Nullable LockState current) {
		LockState retained = (current != null) ? current : new LockState(name, this.waitsAbandoned);
		retained.references++;
		return retained;
	}

	/**
	 * Count one thread less for the state, and drop it when none is left.
	 * @param state the state
	 */
	void unretain(LockState state) {
		this.states.computeIfPresent(state.name, (key, current) -> (--current.references == 0) ? null : current);
	}

	int size() {
		return this.states.size();
	}

	/**
	 * Return the states in use.
	 * @return a live view
	 */
	Collection<LockState> all() {
		return this.states.values();
	}

	/**
	 * Free the local lock of a thread that ended while holding it, and forget its hold:
	 * the threads of this process queued behind it go on to wait in the store, as other
	 * processes do, until the lock's lease runs out there. The store is not asked to
	 * release it sooner: whatever the thread left half done gets the same pause as the
	 * work of a process that died.
	 */
	private void releaseIfOwnerEnded(LockState state) {
		state.local.releaseEndedOwner((owner) -> {
			LockHold hold = state.hold;
			state.hold = null;
			state.keptTurns = 0;
			if (hold != null) {
				// No longer this process's to renew, release or report lost.
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

	/**
	 * Stop looking for threads that ended holding a lock.
	 */
	@Override
	public void close() {
		this.endedOwners.close();
	}

}
