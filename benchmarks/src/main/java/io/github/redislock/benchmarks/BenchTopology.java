// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.benchmarks;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The servers beside the run's own that the topology contenders need: a replica of it,
 * which {@code ours-acks} waits for, and independent masters, which with it make the
 * nodes of the Redlock contenders. Both JVMs read them from system properties, which the
 * benchmark sets in its own JVM and passes to the child.
 *
 * @param replicaPort the port of the replica of the run's server, or {@code 0} if none
 * @param masterPorts the ports of the independent masters beside the run's server
 * @author redis-lock contributors
 * @since 0.1.0
 */
record BenchTopology(int replicaPort, List<Integer> masterPorts) {

	static final String REPLICA_PORT = "bench.topology.replica-port";

	static final String MASTER_PORTS = "bench.topology.master-ports";

	/**
	 * Return what the contenders of this JVM were given.
	 * @return the topology
	 */
	static BenchTopology fromSystemProperties() {
		List<Integer> masters = Arrays.stream(System.getProperty(MASTER_PORTS, "").split(","))
			.filter((port) -> !port.isBlank())
			.map(Integer::valueOf)
			.toList();
		return new BenchTopology(Integer.getInteger(REPLICA_PORT, 0), masters);
	}

	/**
	 * Set the system properties of this JVM, and return them as arguments for the child.
	 * @return the {@code -D} arguments
	 */
	List<String> publish() {
		String masters = String.join(",", this.masterPorts.stream().map(String::valueOf).toList());
		System.setProperty(REPLICA_PORT, Integer.toString(this.replicaPort));
		System.setProperty(MASTER_PORTS, masters);
		List<String> arguments = new ArrayList<>();
		arguments.add("-D" + REPLICA_PORT + "=" + this.replicaPort);
		arguments.add("-D" + MASTER_PORTS + "=" + masters);
		return arguments;
	}

	/**
	 * Return the ports of a Redlock of the given size: the run's server and the first
	 * independent masters.
	 * @param serverPort the port of the run's server
	 * @param nodes how many nodes
	 * @return the ports
	 */
	List<Integer> redlockPorts(int serverPort, int nodes) {
		if (this.masterPorts.size() < nodes - 1) {
			throw new IllegalStateException("A Redlock of " + nodes + " nodes needs " + (nodes - 1)
					+ " masters beside the run's server; this run started " + this.masterPorts.size());
		}
		List<Integer> ports = new ArrayList<>();
		ports.add(serverPort);
		ports.addAll(this.masterPorts.subList(0, nodes - 1));
		return ports;
	}

}
