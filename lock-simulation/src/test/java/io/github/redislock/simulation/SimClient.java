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

	DefaultLockClient client;

	SimClient(String name, ClientProcess process, SimConnection connection) {
		this.name = name;
		this.process = process;
		this.connection = connection;
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
