// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.simulation;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;

import io.github.redislock.simulation.server.ServerClock;
import io.github.redislock.simulation.server.SimRedis;

/**
 * A Redis master with replicas, as Sentinel runs them: clients talk to the master; a
 * failover promotes a replica, which may lack the master's latest writes, and every
 * client connection is broken and made again to the new master; a restart without
 * persistence empties the master, and its replicas with it.
 *
 * @author redis-lock contributors
 */
public final class Deployment {

	private final Scheduler scheduler;

	private final List<SimRedis> replicas = new ArrayList<>();

	private final Map<SimRedis, PubSub> pubsubs = new HashMap<>();

	private final List<SimConnection> connections = new ArrayList<>();

	private final List<SimSubscriber> subscribers = new ArrayList<>();

	private SimRedis master;

	private int failovers;

	/** Until when the master is down (commands lost) or paused (commands wait). */
	private long downUntil;

	private long pausedUntil;

	public Deployment(Scheduler scheduler, int replicaCount, BiConsumer<SimRedis, Set<String>> writes) {
		this(scheduler, "redis-", replicaCount, writes);
	}

	/** With servers named by the prefix and a number. */
	public Deployment(Scheduler scheduler, String prefix, int replicaCount, BiConsumer<SimRedis, Set<String>> writes) {
		this.scheduler = scheduler;
		this.master = server(prefix + "0", writes);
		for (int i = 1; i <= replicaCount; i++) {
			SimRedis replica = server(prefix + i, writes);
			this.replicas.add(replica);
			this.master.replication().attach(replica);
		}
	}

	private SimRedis server(String name, BiConsumer<SimRedis, Set<String>> writes) {
		SimRedis server = new SimRedis(name, new ServerClock(this.scheduler::nanos, 0), this.scheduler);
		server.onWrite(writes);
		server.replication().lag(() -> 100_000L + this.scheduler.random().nextLong(20_000_000L));
		this.pubsubs.put(server, new PubSub(server));
		return server;
	}

	public SimRedis master() {
		return this.master;
	}

	public List<SimRedis> servers() {
		List<SimRedis> servers = new ArrayList<>();
		servers.add(this.master);
		servers.addAll(this.replicas);
		return servers;
	}

	PubSub pubsub(SimRedis server) {
		return this.pubsubs.get(server);
	}

	void register(SimConnection connection) {
		this.connections.add(connection);
	}

	void register(SimSubscriber subscriber) {
		this.subscribers.add(subscriber);
	}

	/** Promotes the first replica; returns false without replicas. */
	public boolean failover() {
		if (this.replicas.isEmpty()) {
			return false;
		}
		SimRedis promoted = this.replicas.remove(0);
		SimRedis demoted = this.master;
		demoted.replication().detach(promoted);
		for (SimRedis replica : List.copyOf(this.replicas)) {
			demoted.replication().detach(replica);
			promoted.replication().attach(replica);
		}
		promoted.replication().attach(demoted);
		this.replicas.add(demoted);
		this.master = promoted;
		this.failovers++;
		breakConnections();
		return true;
	}

	/** Restarts the master without persistence: it and its replicas come back empty. */
	public void restartMaster() {
		this.master.clear();
		for (SimRedis replica : this.master.replication().replicas()) {
			this.master.replication().detach(replica);
			this.master.replication().attach(replica);
		}
		breakConnections();
	}

	/** Every client connection and subscription is broken, as by a server going away. */
	void breakConnections() {
		this.connections.forEach(SimConnection::kill);
		this.subscribers.forEach(SimSubscriber::kill);
	}

	/**
	 * The master goes down for a while: connections break and commands sent meanwhile are
	 * lost; it comes back empty, as a restart without persistence does.
	 */
	void down(long nanos) {
		this.downUntil = this.scheduler.nanos() + nanos;
		this.master.clear();
		breakConnections();
	}

	boolean isDown() {
		return this.scheduler.nanos() < this.downUntil;
	}

	/** The master stops answering for a while; commands wait and run when it resumes. */
	void pause(long nanos) {
		this.pausedUntil = Math.max(this.pausedUntil, this.scheduler.nanos() + nanos);
	}

	long pausedUntil() {
		return this.pausedUntil;
	}

	public int failovers() {
		return this.failovers;
	}

}
