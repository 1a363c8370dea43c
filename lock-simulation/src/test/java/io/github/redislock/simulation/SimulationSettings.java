// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.simulation;

import java.time.Duration;
import java.util.EnumSet;
import java.util.Set;

import io.github.redislock.redis.SimulatedLockStore;
import io.github.redislock.redis.SimulatedScripts;

/**
 * What one run simulates.
 *
 * @param seed the seed every random choice comes from
 * @param clients how many lock clients (processes)
 * @param callersPerClient how many asynchronous callers each client has
 * @param locks how many lock names the callers share
 * @param replicas how many replicas the master has
 * @param masters how many independent masters: 1, or 3 or 5 for a Redlock, whose masters
 * have no replicas
 * @param duration how long the callers take locks, in simulated time; faults heal at its
 * end, and the run then waits for every lease and queue place to run out
 * @param faults the faults injected
 * @param scripts the lock scripts the server runs
 * @param storeFaults known faults of the clients' store put back, none normally
 * @param reduction what the run leaves out of its seed's run, to shrink a failing seed
 * @author redis-lock contributors
 */
public record SimulationSettings(long seed, int clients, int callersPerClient, int locks, int replicas, int masters,
		Duration duration, FaultSettings faults, SimulatedScripts scripts, Set<SimulatedLockStore.Fault> storeFaults,
		Reduction reduction) {

	/**
	 * The settings of the CI tier for one seed: faults within the timing assumptions on
	 * even seeds, all on odd.
	 */
	public static SimulationSettings forSeed(long seed) {
		return new SimulationSettings(seed, 3, 3, 3, (masters(seed) > 1) ? 0 : 1, masters(seed), Duration.ofSeconds(20),
				(seed % 2 == 0) ? FaultSettings.SAFE : FaultSettings.ALL, SimulatedScripts.real(), Set.of(),
				Reduction.NONE);
	}

	/**
	 * Whether the clients' store waits for a replica after each write, as under
	 * {@code redis-lock.replica-ack.replicas: 1}: seeds 3, 8, 13, … of the CI tier, on a
	 * single master.
	 */
	public boolean acknowledgesWrites() {
		return this.masters == 1 && this.seed % 5 == 3;
	}

	/**
	 * A fifth of the CI tier's seeds run a Redlock, every fifth seed: on 3 masters for
	 * seeds 5, 20, 25, 40, …, on 5 for seeds 10, 15, 30, 35, …, so that each has odd and
	 * even seeds. {@code -Dsim.masters=N} gives every seed N masters.
	 */
	static int masters(long seed) {
		Integer masters = Integer.getInteger("sim.masters");
		if (masters != null) {
			return masters;
		}
		return (seed % 5 != 0) ? 1 : (seed % 20 == 5 || seed % 20 == 0) ? 3 : 5;
	}

	/**
	 * How many threads of each client call the blocking API, on lock names of their own:
	 * two, or N with {@code -Dsim.threadCallers=N}.
	 */
	public int threadCallersPerClient() {
		return Integer.getInteger("sim.threadCallers", 2);
	}

	/** Whether the clients' store is a Redlock on several masters. */
	public boolean redlock() {
		return this.masters > 1;
	}

	public SimulationSettings withMasters(int masters) {
		return new SimulationSettings(this.seed, this.clients, this.callersPerClient, this.locks,
				(masters > 1) ? 0 : this.replicas, masters, this.duration, this.faults, this.scripts, this.storeFaults,
				this.reduction);
	}

	public SimulationSettings withScripts(SimulatedScripts scripts) {
		return new SimulationSettings(this.seed, this.clients, this.callersPerClient, this.locks, this.replicas,
				this.masters, this.duration, this.faults, scripts, this.storeFaults, this.reduction);
	}

	/** These settings with a known fault of the store put back. */
	public SimulationSettings withStoreFault(SimulatedLockStore.Fault fault) {
		Set<SimulatedLockStore.Fault> faults = EnumSet.of(fault);
		faults.addAll(this.storeFaults);
		return new SimulationSettings(this.seed, this.clients, this.callersPerClient, this.locks, this.replicas,
				this.masters, this.duration, this.faults, this.scripts, Set.copyOf(faults), this.reduction);
	}

	public SimulationSettings withFaults(FaultSettings faults) {
		return new SimulationSettings(this.seed, this.clients, this.callersPerClient, this.locks, this.replicas,
				this.masters, this.duration, faults, this.scripts, this.storeFaults, this.reduction);
	}

	public SimulationSettings withDuration(Duration duration) {
		return new SimulationSettings(this.seed, this.clients, this.callersPerClient, this.locks, this.replicas,
				this.masters, duration, this.faults, this.scripts, this.storeFaults, this.reduction);
	}

	/** These settings leaving out what the reduction names. */
	public SimulationSettings withReduction(Reduction reduction) {
		return new SimulationSettings(this.seed, this.clients, this.callersPerClient, this.locks, this.replicas,
				this.masters, this.duration, this.faults, this.scripts, this.storeFaults, reduction);
	}

}
