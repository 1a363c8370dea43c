// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.simulation;

import java.util.ArrayList;
import java.util.List;

import io.github.redislock.engine.DefaultLockClient;

/**
 * One simulated client process: the real lock client, its connections and its callers,
 * which a crash stops for good and a pause stops for a while.
 *
 * @author redis-lock contributors
 */
final class SimClient {

	final String name;

	final ClientProcess process;

	final SimConnection connection;

	final List<SimSubscriber> subscribers = new ArrayList<>(1);

	final List<Caller> callers = new ArrayList<>();

	/** Whether its store waits for the replica after each write. */
	boolean acknowledgesWrites;

	/** How many times in a row the client passes a lock on with one lease. */
	int localHandoffs;

	/** Threads calling the blocking API, if the run has any. */
	final List<ThreadCaller> threadCallers = new ArrayList<>();

	/**
	 * On a Redlock, the connections to every master, {@link #connection} the first's;
	 * else that one.
	 */
	final List<SimConnection> connections = new ArrayList<>(1);

	DefaultLockClient client;

	SimClient(String name, ClientProcess process, SimConnection connection) {
		this.name = name;
		this.process = process;
		this.connection = connection;
		this.connections.add(connection);
	}

	/** When the last command sent to any master reaches it. */
	long lastArrival() {
		return this.connections.stream().mapToLong(SimConnection::lastArrival).max().orElseThrow();
	}

	boolean hasWaitingCaller() {
		return this.callers.stream().anyMatch(Caller::isWaiting);
	}

	/**
	 * Kills the process: nothing of it runs again, the server closes its pub/sub
	 * connection, and the commands it sent still arrive.
	 */
	void crash() {
		this.process.crash();
		this.subscribers.forEach(SimSubscriber::crash);
	}

	@Override
	public String toString() {
		return this.name;
	}

}
