// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.simulation;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import io.github.redislock.core.LockBackoff;
import io.github.redislock.engine.DefaultLockClient;
import io.github.redislock.engine.DefaultLockClient.LeaseView;
import io.github.redislock.engine.SimulatedClients;
import io.github.redislock.redis.SimulatedLockStore;
import io.github.redislock.simulation.server.SimRedis;

/**
 * One run of one seed: a Redis deployment, lock clients each with a store over the
 * simulated network, their callers and the faults, all on the calling thread. The callers
 * work for the run's duration; then the faults heal, the run waits for every lease, queue
 * place and release record to run out, and checks that every caller was answered and
 * nothing is left in Redis.
 *
 * @author redis-lock contributors
 */
public final class Simulation {

	/** Longer than the longest lease and the 10 s a release is remembered. */
	private static final Duration QUIET_TIME = Duration.ofSeconds(15);

	/** The backoff without jitter: its random draws would not come from the seed. */
	private static final LockBackoff BACKOFF = new LockBackoff(Duration.ofMillis(50), 2.0, Duration.ofSeconds(1), 0);

	private final SimulationSettings settings;

	public Simulation(SimulationSettings settings) {
		this.settings = settings;
	}

	public SimulationResult run() {
		long started = System.nanoTime();
		Trace trace = new Trace(3000);
		Scheduler scheduler = new Scheduler(this.settings.seed(), trace);
		Invariants invariants = new Invariants(scheduler);
		Deployment deployment = new Deployment(scheduler, this.settings.replicas(), invariants::written);
		Network network = new Network(scheduler.random(), this.settings.faults());
		long stopAt = this.settings.duration().toNanos();
		List<Caller> callers = new ArrayList<>();
		List<SimConnection> connections = new ArrayList<>();
		List<DefaultLockClient> clients = new ArrayList<>();
		for (int c = 1; c <= this.settings.clients(); c++) {
			String name = "c" + c;
			SimConnection connection = new SimConnection(name, deployment, scheduler, network);
			connections.add(connection);
			SimulatedLockStore store = new SimulatedLockStore(name, this.settings.scripts(), scheduler,
					(messages) -> new SimSubscriber(name, deployment, scheduler, network, messages), connection,
					this.settings.oneOwnerToken());
			DefaultLockClient client = SimulatedClients.create(store, scheduler, name, BACKOFF, (event) -> {
			});
			store.bind(client.getInstanceId());
			clients.add(client);
			for (int k = 1; k <= this.settings.callersPerClient(); k++) {
				callers.add(new Caller(name + "/" + k, client, store, scheduler, invariants, this.settings.locks(),
						stopAt));
			}
		}
		FaultInjector faults = new FaultInjector(scheduler, deployment, network, invariants, connections);
		faults.plan(this.settings.faults(), stopAt);
		callers.forEach(Caller::start);
		scheduler.runUntil(stopAt + QUIET_TIME.toNanos());
		checkEnd(scheduler, invariants, deployment, callers, clients);
		long operations = callers.stream().mapToLong(Caller::operations).sum();
		return new SimulationResult(this.settings.seed(), trace.hash(), trace.count(), operations, faults.injected(),
				invariants.overlapsExcused(), invariants.grantsRunOut(), List.copyOf(invariants.violations()),
				trace.report(), System.nanoTime() - started);
	}

	private static void checkEnd(Scheduler scheduler, Invariants invariants, Deployment deployment,
			List<Caller> callers, List<DefaultLockClient> clients) {
		if (scheduler.foreignCalls() > 0) {
			invariants.violation(scheduler.foreignCalls() + " tasks came from threads other than the simulation's");
		}
		callers.stream()
			.filter(Caller::isBusy)
			.forEach((caller) -> invariants.violation(caller + " is still busy after the quiet time"));
		for (DefaultLockClient client : clients) {
			// A lease walked away from stays listed, run out, until the client closes.
			List<LeaseView> held = client.heldLocks()
				.stream()
				.filter((lease) -> !lease.remainingLease().isZero())
				.toList();
			if (!held.isEmpty() || !client.waits().isEmpty()) {
				invariants.violation("a client still holds " + held + " and waits for " + client.waits());
			}
		}
		SimRedis master = deployment.master();
		List<String> left = master.liveKeys().stream().filter((key) -> !key.endsWith(":fence-counter")).toList();
		if (!left.isEmpty()) {
			invariants.violation("keys left behind on " + master + ": "
					+ master.dump().subMap(left.get(0), true, left.get(left.size() - 1), true));
		}
	}

}
