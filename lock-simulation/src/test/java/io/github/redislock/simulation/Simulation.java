// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.simulation;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import io.github.redislock.core.LockBackoff;
import io.github.redislock.engine.DefaultLockClient.LeaseView;
import io.github.redislock.engine.SimulatedClients;
import io.github.redislock.redis.RedisLockStore;
import io.github.redislock.redis.SimulatedLockStore;
import io.github.redislock.redis.SimulatedRedlockNode;
import io.github.redislock.redlock.RedlockStore;
import io.github.redislock.redlock.SimulatedRedlocks;
import io.github.redislock.simulation.server.SimRedis;

/**
 * One run of one seed: a Redis deployment, lock clients each with a store over the
 * simulated network, their callers and the faults, all on the calling thread. The callers
 * work for the run's duration; then the faults heal, the run waits for every lease, queue
 * place and release record to run out, and checks that every caller of a live client was
 * answered and nothing is left in Redis.
 *
 * @author redis-lock contributors
 */
public final class Simulation {

	/**
	 * Longer than a crashed client's longest lease, a pause's end and the 10 s a release
	 * is remembered after a caller's last hold.
	 */
	private static final Duration QUIET_TIME = Duration.ofSeconds(20);

	/**
	 * A thread's {@code lock()} may wait past the working time (on a Redlock, which
	 * queues no waiter, for as long as others keep taking the lock): the run then goes on
	 * until the release of its last hold is forgotten too, up to this long after the
	 * working time, past which a busy thread is a violation.
	 */
	private static final Duration LONGEST_THREAD_END = Duration.ofSeconds(60);

	/** How long a release is remembered, and a little more. */
	private static final Duration RELEASE_MEMORY = Duration.ofMillis(10_500);

	/** The backoff without jitter: its random draws would not come from the seed. */
	private static final LockBackoff BACKOFF = new LockBackoff(Duration.ofMillis(50), 2.0, Duration.ofSeconds(1), 0);

	private final SimulationSettings settings;

	private final List<SimClient> clients = new ArrayList<>();

	private Scheduler scheduler;

	private Invariants invariants;

	private Deployment deployment;

	/** The masters of a Redlock run, {@code null} on a single master. */
	private RedlockDeployment redlock;

	private Network network;

	private FencedResource resource;

	private HandOffOrder handOffOrder;

	private long stopAt;

	private boolean stopAtFirstViolation;

	private final List<String> startedCallers = new ArrayList<>();

	/** Where the blocking callers run, if the run has any. */
	private CallerThreads callerThreads;

	private KeptTurns keptTurns;

	private ThreadCaller.Holders threadHolders;

	public Simulation(SimulationSettings settings) {
		this.settings = settings;
	}

	/**
	 * Makes the run stop at its first violation: what happened up to it is the same as in
	 * the whole run, and a shrinking run needs no more.
	 */
	public Simulation untilFirstViolation() {
		this.stopAtFirstViolation = true;
		return this;
	}

	public SimulationResult run() {
		long started = System.nanoTime();
		Trace trace = new Trace(3000);
		this.scheduler = new Scheduler(this.settings.seed(), trace);
		if (this.stopAtFirstViolation) {
			this.scheduler.stopAtFirstViolation();
		}
		this.invariants = new Invariants(this.scheduler);
		this.handOffOrder = new HandOffOrder(this.invariants);
		if (this.settings.redlock()) {
			this.redlock = new RedlockDeployment(this.scheduler, this.settings.masters(), this.invariants::written);
			// The faults of every run strike the first master.
			this.deployment = this.redlock.masters().get(0);
			this.invariants.watch(this.redlock);
		}
		else {
			this.deployment = new Deployment(this.scheduler, this.settings.replicas(), this.invariants::written);
			this.invariants.watch(this.deployment);
		}
		this.network = new Network(this.scheduler.random(), this.settings.faults(), this.settings.reduction());
		this.resource = new FencedResource(this.scheduler, this.network, this.invariants,
				this.settings.scripts().fencedSet());
		this.stopAt = this.settings.duration().toNanos();
		if (this.settings.threadCallersPerClient() > 0) {
			this.callerThreads = new CallerThreads(this.scheduler);
			this.keptTurns = new KeptTurns(this.invariants);
			this.threadHolders = new ThreadCaller.Holders(this.invariants);
		}
		for (int c = 1; c <= this.settings.clients(); c++) {
			startClient();
		}
		FaultInjector faults = new FaultInjector(this.scheduler, this.deployment, this.network, this.invariants,
				this.clients, () -> startCallers(startClient()), this.settings.reduction(), this.settings.scripts());
		if (this.settings.acknowledgesWrites()) {
			faults.failoversKeepGrants();
		}
		faults.plan(this.settings.faults(), this.stopAt);
		if (this.settings.acknowledgesWrites() && !this.settings.faults().equals(FaultSettings.NONE)) {
			new ReplicaFaults(this.scheduler, this.deployment, this.invariants).plan(this.stopAt);
		}
		if (this.redlock != null) {
			this.redlock.plan(faults, this.settings.faults(), this.stopAt, this.clients, this.invariants);
		}
		List.copyOf(this.clients).forEach(this::startCallers);
		long end = this.stopAt + QUIET_TIME.toNanos();
		this.scheduler.runUntil(end);
		long latest = this.stopAt + LONGEST_THREAD_END.toNanos();
		while (!this.scheduler.stopped() && end < latest && settledAt() > end) {
			end = Math.min(settledAt(), latest);
			this.scheduler.runUntil(end);
		}
		if (!this.scheduler.stopped()) {
			checkEnd();
		}
		if (this.callerThreads != null) {
			this.callerThreads.close();
			this.callerThreads.failures()
				.forEach((failure) -> this.invariants.violation("a thread caller failed: " + failure));
		}
		long operations = this.clients.stream()
			.flatMap((client) -> client.callers.stream())
			.mapToLong(Caller::operations)
			.sum()
				+ this.clients.stream()
					.flatMap((client) -> client.threadCallers.stream())
					.mapToLong(ThreadCaller::operations)
					.sum();
		return new SimulationResult(this.settings.seed(), trace.hash(), trace.count(), operations, faults.injected(),
				this.invariants.overlapsExcused(), this.invariants.overlapsReported(), this.invariants.grantsRunOut(),
				this.invariants.tokensExcused(), this.resource.writes(), this.resource.refused(),
				List.copyOf(this.invariants.violations()),
				this.invariants.violations().isEmpty() ? List.of() : trace.report(), System.nanoTime() - started,
				trace.countToViolation(), faults.plan(), List.copyOf(this.startedCallers), this.settings.reduction());
	}

	/**
	 * Locks, tries and unlocks the thread callers were answered, once the run is over.
	 */
	long threadCallerOperations() {
		return this.clients.stream()
			.flatMap((client) -> client.threadCallers.stream())
			.mapToLong(ThreadCaller::operations)
			.sum();
	}

	/** Passes of a lock with a fresh lease to another thread of its client. */
	long passesWithAFreshLease() {
		return (this.keptTurns != null) ? this.keptTurns.passes() : 0;
	}

	/** Releases whose hand-off order was checked, once the run is over. */
	long handOffsChecked() {
		return this.handOffOrder.handOffsChecked();
	}

	/** Starts the client's callers but those the reduction leaves out. */
	private SimClient startCallers(SimClient client) {
		for (Caller caller : client.callers) {
			if (!this.settings.reduction().removesCaller(caller.toString())) {
				this.startedCallers.add(caller.toString());
				caller.start();
			}
		}
		for (ThreadCaller caller : client.threadCallers) {
			if (!this.settings.reduction().removesCaller(caller.toString())) {
				this.startedCallers.add(caller.toString());
				caller.start();
			}
		}
		return client;
	}

	/**
	 * A new client process, named {@code c1}, {@code c2}, … in order; its callers wait.
	 */
	private SimClient startClient() {
		String name = "c" + (this.clients.size() + 1);
		ClientProcess process = new ClientProcess(name);
		SimConnection connection = new SimConnection(name, this.deployment, this.scheduler, this.network, process);
		SimClient client = new SimClient(name, process, connection);
		SimulatedLockStore store;
		if (this.redlock != null) {
			store = startRedlock(client);
		}
		else {
			store = store(client, this.deployment, connection);
			if (this.settings.acknowledgesWrites()) {
				store.acknowledgingWrites();
				client.acknowledgesWrites = true;
			}
			store.checkHandOffOrder(this.handOffOrder);
			store.watchGrants(this.invariants.untakenGrants());
			if (this.callerThreads != null) {
				store.waitsOn(this.callerThreads).countKeptTurns(this.keptTurns);
			}
			client.client = SimulatedClients.create(store, this.scheduler, process, BACKOFF, (event) -> {
			}, this.callerThreads);
			store.bind(client.client.getInstanceId());
			this.invariants.untakenGrants().client(client);
			if (this.callerThreads != null) {
				startThreadCallers(client);
			}
		}
		for (int k = 1; k <= this.settings.callersPerClient(); k++) {
			client.callers.add(new Caller(name + "/" + k, client.client, store, process, this.scheduler,
					this.invariants, this.resource, this.settings.locks(), this.stopAt, this.redlock == null));
		}
		this.clients.add(client);
		return client;
	}

	/**
	 * Some clients pass a lock to their next thread without a round trip, up to twice.
	 */
	private void startThreadCallers(SimClient client) {
		int localHandoffs = this.scheduler.random().nextInt(3);
		client.client.setMaxLocalHandoffs(localHandoffs);
		client.localHandoffs = localHandoffs;
		if (this.settings.storeFaults().contains(SimulatedLockStore.Fault.KEPT_TURNS_UNBOUNDED)) {
			SimulatedClients.keepTurnsWithoutBound(client.client);
		}
		for (int k = 1; k <= this.settings.threadCallersPerClient(); k++) {
			client.threadCallers.add(threadCaller(client.name + "/t" + k, client));
		}
	}

	private ThreadCaller threadCaller(String name, SimClient client) {
		return new ThreadCaller(name, client, this.scheduler, this.callerThreads, this.threadHolders, 2, this.stopAt,
				this::replace);
	}

	/** A thread that ended holding a lock is replaced by a new one, on its own thread. */
	private void replace(ThreadCaller ended) {
		SimClient client = ended.client();
		ThreadCaller next = threadCaller(ended + "'", client);
		client.threadCallers.add(next);
		if (!this.settings.reduction().removesCaller(next.toString())) {
			this.startedCallers.add(next.toString());
			next.start();
		}
	}

	private SimulatedLockStore store(SimClient client, Deployment master, SimConnection connection) {
		return new SimulatedLockStore(client.name, this.settings.scripts(), this.scheduler, (messages) -> {
			SimSubscriber subscriber = new SimSubscriber(client.name, master, this.scheduler, this.network,
					client.process, messages);
			client.subscribers.add(subscriber);
			return subscriber;
		}, connection, this.settings.storeFaults());
	}

	/**
	 * The client's real Redlock, over a store, a command connection and a subscription
	 * per master; returns the first master's store, whose owner tokens and keys are every
	 * master's.
	 */
	private SimulatedLockStore startRedlock(SimClient client) {
		List<SimulatedLockStore> stores = new ArrayList<>();
		List<RedisLockStore> nodes = new ArrayList<>();
		List<String> names = new ArrayList<>();
		for (Deployment master : this.redlock.masters()) {
			SimConnection connection = stores.isEmpty() ? client.connection
					: new SimConnection(client.name, master, this.scheduler, this.network, client.process);
			if (!stores.isEmpty()) {
				client.connections.add(connection);
			}
			SimulatedLockStore store = store(client, master, connection);
			stores.add(store);
			nodes.add(new SimulatedRedlockNode(store));
			names.add(master.master().name());
		}
		RedlockStore redlock = SimulatedRedlocks.create(nodes, names, RedlockDeployment.NODE_TIMEOUT,
				RedlockDeployment.DRIFT_FACTOR, this.scheduler::nanos,
				SimulatedClients.timer(this.scheduler, client.process, "redlock"));
		boolean retriesUnderOneToken = this.settings.storeFaults()
			.contains(SimulatedLockStore.Fault.REDLOCK_RETRIES_UNDER_ONE_TOKEN);
		client.client = SimulatedClients.create(
				new RedlockClientStore(redlock, this.callerThreads, retriesUnderOneToken), this.scheduler,
				client.process, BACKOFF, (event) -> {
				}, this.callerThreads);
		stores.forEach((store) -> store.bind(client.client.getInstanceId()));
		if (this.callerThreads != null) {
			startThreadCallers(client);
		}
		return stores.get(0);
	}

	/** When the last thread caller's last release is forgotten. */
	private long settledAt() {
		long ended = this.clients.stream()
			.filter((client) -> !client.process.isCrashed())
			.flatMap((client) -> client.threadCallers.stream())
			.mapToLong(ThreadCaller::endedAt)
			.max()
			.orElse(0);
		return (ended == Long.MAX_VALUE) ? Long.MAX_VALUE : ended + RELEASE_MEMORY.toNanos();
	}

	private void checkEnd() {
		if (this.scheduler.foreignCalls() > 0) {
			this.invariants
				.violation(this.scheduler.foreignCalls() + " tasks came from threads other than the simulation's");
		}
		for (SimClient client : this.clients) {
			if (client.process.isCrashed()) {
				continue;
			}
			client.callers.stream()
				.filter(Caller::isBusy)
				.forEach((caller) -> this.invariants.violation(caller + " is still busy after the quiet time"));
			client.threadCallers.stream()
				.filter(ThreadCaller::isBusy)
				.forEach((caller) -> this.invariants.violation(caller + " is still busy after the quiet time"));
			// A lease walked away from stays listed, run out, until the client closes.
			List<LeaseView> held = client.client.heldLocks()
				.stream()
				.filter((lease) -> !lease.remainingLease().isZero())
				.toList();
			if (!held.isEmpty() || !client.client.waits().isEmpty()) {
				this.invariants.violation("a client still holds " + held + " and waits for " + client.client.waits());
			}
		}
		List<SimRedis> masters = (this.redlock != null) ? this.redlock.servers() : List.of(this.deployment.master());
		for (SimRedis master : masters) {
			List<String> left = master.liveKeys().stream().filter((key) -> !key.endsWith(":fence-counter")).toList();
			if (!left.isEmpty()) {
				this.invariants.violation("keys left behind on " + master + ": "
						+ master.dump().subMap(left.get(0), true, left.get(left.size() - 1), true));
			}
		}
	}

}
