// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.engine;

import java.time.Duration;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.Consumer;

import io.github.redislock.core.LockBackoff;
import io.github.redislock.core.LockLease;
import io.github.redislock.core.LockLostEvent;
import io.github.redislock.simulation.CallerThreads;
import io.github.redislock.simulation.ClientProcess;
import io.github.redislock.simulation.Scheduler;
import io.github.redislock.store.LockStore;

/**
 * Builds the real lock client on the simulation's time and thread, through the
 * package-private constructor that takes an {@link EngineRuntime}, and reads what the
 * simulation's checks need from a lease.
 *
 * @author redis-lock contributors
 */
public final class SimulatedClients {

	private SimulatedClients() {
	}

	public static DefaultLockClient create(LockStore store, Scheduler scheduler, ClientProcess process,
			LockBackoff backoff, Consumer<LockLostEvent> lostListener) {
		return create(store, scheduler, process, backoff, lostListener, null);
	}

	/** A client whose blocking callers, if any, run on {@code callerThreads}. */
	public static DefaultLockClient create(LockStore store, Scheduler scheduler, ClientProcess process,
			LockBackoff backoff, Consumer<LockLostEvent> lostListener, CallerThreads callerThreads) {
		DefaultLockClient client = new DefaultLockClient(store, Duration.ofSeconds(1), true, backoff, lostListener,
				new SimulatedRuntime(scheduler, process, callerThreads));
		client.setShutdownTimeout(Duration.ZERO);
		return client;
	}

	/**
	 * Puts back a known fault: a lock passed within the client with a fresh lease never
	 * goes back to the store while its threads keep asking, however many turns it kept.
	 */
	public static void keepTurnsWithoutBound(DefaultLockClient client) {
		client.handOffs().keepTurnsWithoutBound();
	}

	/**
	 * A timer of the client's process, on the simulation's time: a store of the client's
	 * own, such as a Redlock, times its calls on it.
	 */
	public static ScheduledExecutorService timer(Scheduler scheduler, ClientProcess process, String threadName) {
		return new SimulatedRuntime(scheduler, process).timer(threadName);
	}

	/** The owner token the store knows the lease by. */
	public static String ownerToken(LockLease lease) {
		return ((AsyncLease) lease).hold().ownerToken();
	}

	/**
	 * Whether the client gave the lease up: an operator revoked it, or the client shut
	 * down while it was held.
	 */
	public static boolean givenUp(LockLease lease) {
		return ((AsyncLease) lease).hold().isGivenUp();
	}

	/**
	 * Whether the lease's time ran out by its holder's clock, from its last acquisition
	 * or renewal, whatever became of it since.
	 */
	public static boolean ranOut(LockLease lease, long nanoTime) {
		return ((AsyncLease) lease).hold().leaseRanOut(nanoTime);
	}

}
