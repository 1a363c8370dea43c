// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.simulation;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Supplier;

import io.github.redislock.engine.DefaultLockClient.LeaseView;
import io.github.redislock.redis.SimulatedScripts;
import io.github.redislock.simulation.server.SimRedis;

/**
 * Schedules a run's faults at random times within its working time, and heals the network
 * at its end: connections killed, server clocks jumping back, client processes crashing
 * or shutting down (replaced by new ones) and pausing, operators revoking locks in a
 * client, and when asked for, the faults beyond the timing assumptions (a clock jumping
 * forward, a failover, a restart with empty memory, keys evicted under a memory limit, a
 * lock force-released by an operator), each reported to the {@link Invariants}.
 *
 * @author redis-lock contributors
 */
final class FaultInjector {

	/** The longest pause of a client process: longer than most leases. */
	private static final long LONGEST_PAUSE_NANOS = 3_000_000_000L;

	/** The scripts a server may forget; the lock client sends each by digest. */
	private static final List<String> LOCK_SCRIPTS = List.of("acquire.lua", "release.lua", "renew.lua", "renew-all.lua",
			"fence.lua", "raise-fence.lua", "reacquire.lua");

	private final Scheduler scheduler;

	private final SplittableRandom random;

	private final Deployment deployment;

	private final Network network;

	private final Invariants invariants;

	private final List<SimClient> clients;

	private final Supplier<SimClient> newClient;

	private final Reduction reduction;

	private final SimulatedScripts scripts;

	private final List<String> plan = new ArrayList<>();

	private int injected;

	private boolean failoversKeepGrants;

	/**
	 * @param newClient starts a new client process and its callers, for one that crashed
	 * or shut down
	 * @param reduction the planned faults left out
	 * @param scripts the scripts an operator's force release runs
	 */
	FaultInjector(Scheduler scheduler, Deployment deployment, Network network, Invariants invariants,
			List<SimClient> clients, Supplier<SimClient> newClient, Reduction reduction, SimulatedScripts scripts) {
		this.scheduler = scheduler;
		this.random = scheduler.random();
		this.deployment = deployment;
		this.network = network;
		this.invariants = invariants;
		this.clients = clients;
		this.newClient = newClient;
		this.reduction = reduction;
		this.scripts = scripts;
	}

	/**
	 * Counts a failover within the timing assumptions: the store waits for the replica
	 * after every grant, so the promoted replica has every lock a holder was told of.
	 */
	void failoversKeepGrants() {
		this.failoversKeepGrants = true;
	}

	void plan(FaultSettings faults, long until) {
		if (faults.equals(FaultSettings.NONE)) {
			return;
		}
		this.network.faulty(true);
		this.scheduler.at(until, "faults heal", () -> this.network.faulty(false));
		for (int i = 0; i < faults.connectionKills(); i++) {
			at(until, "kill a connection", () -> {
				List<SimClient> live = live();
				if (!live.isEmpty()) {
					live.get(this.random.nextInt(live.size())).connection.kill();
				}
			});
		}
		for (int i = 0; i < faults.clockJumpsBack(); i++) {
			at(until, "server clock jumps back", () -> jump(-this.random.nextLong(2_000_000_000L)));
		}
		for (int i = 0; i < faults.clientCrashes(); i++) {
			at(until, "a client crashes", this::crash);
		}
		for (int i = 0; i < faults.clientPauses(); i++) {
			at(until, "a client pauses", this::pause);
		}
		for (int i = 0; i < faults.revokes(); i++) {
			at(until, "an operator revokes a lock in a client", this::revoke);
		}
		for (int i = 0; i < faults.clientShutdowns(); i++) {
			at(until, "a client shuts down", this::shutDown);
		}
		for (int i = 0; i < faults.interrupts(); i++) {
			at(until, "a caller thread is interrupted", this::interrupt);
		}
		for (int i = 0; i < 3; i++) {
			at(until, "a server forgets a lock script", () -> forgetScript(this.deployment.master()));
		}
		at(until, "a server's script cache churns", () -> churnScriptCache(this.deployment.master()));
		if (faults.unsafeFaults()) {
			unsafe(until, "server clock jumps forward", () -> jump(this.random.nextLong(3_000_000_000L)));
			if (this.failoversKeepGrants) {
				at(until, "failover", this.deployment::failover);
			}
			else if (this.deployment.servers().size() > 1) {
				unsafe(until, "failover", this.deployment::failover);
			}
			unsafe(until, "master restarts empty", this.deployment::restartMaster);
			unsafe(until, "master evicts a key", this::evict);
			unsafe(until, "master evicts a key", this::evict);
			unsafe(until, "an operator force-releases a lock", this::forceRelease);
		}
	}

	private void jump(long nanos) {
		this.invariants.clockJumped(nanos);
		this.deployment.master().clock().jump(nanos);
	}

	private List<SimClient> live() {
		return this.clients.stream().filter((client) -> !client.process.isCrashed()).toList();
	}

	/** Live clients that have not shut down. */
	private List<SimClient> running() {
		return this.clients.stream()
			.filter((client) -> !client.process.isCrashed() && client.client.isRunning())
			.toList();
	}

	/** One of the clients, one that holds a lock if any does. */
	private SimClient holdingOrAny(List<SimClient> clients) {
		List<SimClient> holding = clients.stream().filter((client) -> !client.client.heldLocks().isEmpty()).toList();
		List<SimClient> candidates = holding.isEmpty() ? clients : holding;
		return candidates.get(this.random.nextInt(candidates.size()));
	}

	/**
	 * An operator revokes a lock in a client, as the Actuator endpoint does: one it
	 * holds, if it holds any. Runs in the client's process, which a pause holds back.
	 */
	private void revoke() {
		List<SimClient> running = running();
		if (running.isEmpty()) {
			return;
		}
		SimClient victim = holdingOrAny(running);
		List<LeaseView> held = victim.client.heldLocks();
		String name = held.isEmpty() ? "lock-0" : held.get(this.random.nextInt(held.size())).name();
		this.scheduler.schedule(0, null, () -> {
			if (victim.client.isRunning()) {
				boolean revoked = victim.client.revoke(name);
				this.scheduler.note(victim + " revoked " + name + ": " + revoked);
				this.invariants.revoked(victim.process, name);
			}
		}, victim.process);
	}

	/**
	 * A client shuts down, one holding a lock if any does: its leases are given up and
	 * their holders told; a new process takes its part later.
	 */
	private void shutDown() {
		List<SimClient> running = running();
		if (running.isEmpty()) {
			return;
		}
		SimClient victim = holdingOrAny(running);
		this.scheduler.schedule(0, null, () -> {
			if (victim.client.isRunning()) {
				long lastArrival = victim.lastArrival();
				this.scheduler.note(victim + " shuts down");
				victim.client.close();
				this.invariants.closed(victim.name, victim.process, lastArrival);
				this.scheduler.schedule(500_000_000L + this.random.nextLong(2_500_000_000L), "a new client starts",
						this.newClient::get);
			}
		}, victim.process);
	}

	/**
	 * Another thread of a client interrupts one of its caller threads, one waiting for a
	 * lock if any is. Runs in the client's process, which a pause holds back.
	 */
	private void interrupt() {
		List<ThreadCaller> busy = running().stream()
			.flatMap((client) -> client.threadCallers.stream())
			.filter(ThreadCaller::isBusy)
			.toList();
		List<ThreadCaller> waiting = busy.stream().filter(ThreadCaller::isWaiting).toList();
		List<ThreadCaller> candidates = waiting.isEmpty() ? busy : waiting;
		if (candidates.isEmpty()) {
			return;
		}
		ThreadCaller victim = candidates.get(this.random.nextInt(candidates.size()));
		this.scheduler.schedule(0, null, victim::interrupt, victim.process());
	}

	/**
	 * The server forgets one of the lock scripts, so that the next call of it is answered
	 * {@code NOSCRIPT} and sent again with its source, after what was sent meanwhile.
	 */
	void forgetScript(SimRedis server) {
		String script = LOCK_SCRIPTS.get(this.random.nextInt(LOCK_SCRIPTS.size()));
		this.scheduler.note(server + " forgets " + script);
		server.forgetScript(this.scripts.source(script));
	}

	/**
	 * Other applications' scripts churn the server's script cache for up to 3 s: calls of
	 * the lock scripts it evicted are answered {@code NOSCRIPT} and sent again with their
	 * source, after calls of those it kept.
	 */
	void churnScriptCache(SimRedis server) {
		long nanos = 100_000_000L + this.random.nextLong(2_900_000_000L);
		this.scheduler.note(server + " churns its script cache for " + nanos / 1_000_000 + " ms");
		server.churnScriptCache(this.random.split());
		this.scheduler.at(this.scheduler.nanos() + nanos, "script cache settles", () -> server.churnScriptCache(null));
	}

	/**
	 * The master evicts a key, as an {@code allkeys-*} policy does under the memory
	 * limit: a lock key half of the time when there is one, else any key (a queue, a
	 * fence counter).
	 */
	private void evict() {
		SimRedis master = this.deployment.master();
		List<String> keys = List.copyOf(master.liveKeys());
		List<String> lockKeys = keys.stream().filter((key) -> key.endsWith("}")).toList();
		List<String> candidates = (!lockKeys.isEmpty() && this.random.nextBoolean()) ? lockKeys : keys;
		if (candidates.isEmpty()) {
			return;
		}
		String key = candidates.get(this.random.nextInt(candidates.size()));
		this.invariants.deleting(master, key, "evicted");
		this.scheduler.note(master + " evicts " + key);
		master.evict(key);
	}

	/**
	 * An operator force-releases a held lock on the master, as {@code forceRelease} of
	 * the store does, whoever holds it.
	 */
	private void forceRelease() {
		SimRedis master = this.deployment.master();
		List<String> names = master.liveKeys()
			.stream()
			.filter((key) -> key.startsWith("lock:{") && key.endsWith("}"))
			.map((key) -> key.substring("lock:{".length(), key.length() - 1))
			.filter((name) -> name.indexOf('%') < 0)
			.toList();
		if (names.isEmpty()) {
			return;
		}
		String name = names.get(this.random.nextInt(names.size()));
		String key = "lock:{" + name + "}";
		this.invariants.deleting(master, key, "force-released");
		Object reply = master.eval(this.scripts.source("force-release.lua"), List.of(key), List.of(key + ":released"));
		this.scheduler.note("operator force-release " + name + " on " + master + " -> " + reply);
	}

	/**
	 * Kills a client's process, one with a waiting caller if there is one, where a crash
	 * leaves the most behind (a place in a queue); a new process takes its part later.
	 */
	private void crash() {
		List<SimClient> live = running();
		List<SimClient> waiting = live.stream().filter(SimClient::hasWaitingCaller).toList();
		List<SimClient> candidates = waiting.isEmpty() ? live : waiting;
		if (candidates.isEmpty()) {
			return;
		}
		SimClient victim = candidates.get(this.random.nextInt(candidates.size()));
		this.scheduler.note(victim + " crashes");
		victim.crash();
		this.invariants.crashed(victim.name, victim.lastArrival());
		this.scheduler.schedule(500_000_000L + this.random.nextLong(2_500_000_000L), "a new client starts",
				this.newClient::get);
	}

	private void pause() {
		List<SimClient> live = live();
		if (live.isEmpty()) {
			return;
		}
		SimClient victim = live.get(this.random.nextInt(live.size()));
		long nanos = this.random.nextLong(LONGEST_PAUSE_NANOS);
		this.scheduler.note(victim + " pauses for " + nanos / 1_000_000 + " ms");
		this.scheduler.pause(victim.process, nanos);
	}

	/**
	 * Plans the fault at a random time, unless the reduction leaves it out; its time is
	 * drawn either way.
	 */
	void at(long until, String what, Runnable fault) {
		int number = this.plan.size() + 1;
		long time = this.random.nextLong(until);
		this.plan.add("fault" + number + ": " + what + " at " + time / 1_000_000 + " ms"
				+ (this.reduction.removesFault(number) ? " (left out)" : ""));
		if (this.reduction.removesFault(number)) {
			return;
		}
		this.scheduler.at(time, "FAULT " + what, () -> {
			this.injected++;
			fault.run();
		});
	}

	void unsafe(long until, String what, Runnable fault) {
		at(until, what, () -> {
			this.invariants.unsafeFault();
			fault.run();
		});
	}

	int injected() {
		return this.injected;
	}

	/** The planned faults, in plan order, each named as a {@link Reduction} names it. */
	List<String> plan() {
		return List.copyOf(this.plan);
	}

}
