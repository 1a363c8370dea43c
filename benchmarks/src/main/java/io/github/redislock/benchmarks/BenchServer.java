// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.benchmarks;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.github.redislock.testsupport.RedisBinary;
import io.github.redislock.testsupport.RedisFixture;
import io.github.redislock.testsupport.RedisNode;
import io.github.redislock.testsupport.RedisReplicationGroup;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;

/**
 * The run's private {@code redis-server}, started by the test-support fixture on a free
 * loopback port without persistence and stopped (with its directory) on close, and a
 * control connection to read its statistics.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
final class BenchServer implements AutoCloseable {

	static final String HOST = RedisNode.HOST;

	private final RedisFixture fixture;

	private final RedisNode node;

	private final BenchTopology topology;

	private final RedisClient client;

	private final StatefulRedisConnection<String, String> connection;

	private BenchServer(RedisFixture fixture, RedisNode node, BenchTopology topology) {
		this.fixture = fixture;
		this.node = node;
		this.topology = topology;
		this.client = RedisClient.create(RedisURI.create(HOST, node.port()));
		this.connection = this.client.connect();
	}

	/**
	 * Start a server, with a replica and independent masters beside it if asked. With a
	 * replica, every contender runs on a master that replicates, so that the cost of
	 * waiting for it is compared with the cost of replicating alone.
	 * @param binary the {@code redis-server} executable
	 * @param replica whether to give the server a replica
	 * @param masters how many independent masters to start beside it
	 * @return the running server
	 */
	static BenchServer start(RedisBinary binary, boolean replica, int masters) {
		RedisFixture fixture = new RedisFixture(binary);
		try {
			RedisNode node;
			int replicaPort = 0;
			if (replica) {
				RedisReplicationGroup group = fixture.masterWithReplicas(1);
				node = group.master();
				replicaPort = group.replicas().get(0).port();
			}
			else {
				node = fixture.standalone();
			}
			List<Integer> masterPorts = (masters > 0) ? fixture.masters(masters).stream().map(RedisNode::port).toList()
					: List.of();
			return new BenchServer(fixture, node, new BenchTopology(replicaPort, masterPorts));
		}
		catch (RuntimeException ex) {
			fixture.close();
			throw ex;
		}
	}

	int port() {
		return this.node.port();
	}

	BenchTopology topology() {
		return this.topology;
	}

	RedisCommands<String, String> commands() {
		return this.connection.sync();
	}

	String version() {
		return info("server").getOrDefault("redis_version", "?");
	}

	/**
	 * Read the server's counters with one {@code INFO all}, itself one socket read.
	 * @return the counters
	 */
	Snapshot snapshot() {
		Map<String, String> all = info("all");
		Map<String, Long> calls = new HashMap<>();
		all.forEach((name, value) -> {
			if (name.startsWith("cmdstat_")) {
				String count = value.substring("calls=".length(), value.indexOf(','));
				calls.put(name.substring("cmdstat_".length()), Long.parseLong(count));
			}
		});
		double cpu = Double.parseDouble(all.getOrDefault("used_cpu_user", "0"))
				+ Double.parseDouble(all.getOrDefault("used_cpu_sys", "0"));
		return new Snapshot(Long.parseLong(all.getOrDefault("total_reads_processed", "0")), cpu,
				Long.parseLong(all.getOrDefault("total_net_input_bytes", "0")), calls);
	}

	Map<String, String> info(String section) {
		Map<String, String> values = new HashMap<>();
		for (String line : commands().info(section).split("\r?\n")) {
			int colon = line.indexOf(':');
			if (colon > 0 && !line.startsWith("#")) {
				values.put(line.substring(0, colon), line.substring(colon + 1).trim());
			}
		}
		return values;
	}

	/**
	 * Return the address of the control connection as Redis sees it, to tell its own
	 * commands apart in {@code MONITOR} output.
	 * @return the address, {@code host:port}
	 */
	String controlAddress() {
		String line = commands().clientInfo();
		for (String field : line.split(" ")) {
			if (field.startsWith("addr=")) {
				return field.substring("addr=".length());
			}
		}
		throw new IllegalStateException("No addr in CLIENT INFO: " + line);
	}

	@Override
	public void close() {
		this.connection.close();
		this.client.shutdown(Duration.ZERO, Duration.ofSeconds(1));
		this.fixture.close();
	}

	/**
	 * Server counters at one instant.
	 *
	 * @param reads the socket reads processed: a client's pipelined commands that arrive
	 * together take one, so this counts round trips rather than commands
	 * @param cpuSeconds the server's CPU time, user and system
	 * @param inputBytes the bytes the server read from its clients
	 * @param calls the calls per command name, commands called by scripts included
	 */
	record Snapshot(long reads, double cpuSeconds, long inputBytes, Map<String, Long> calls) {

		/**
		 * Return the commands executed since an earlier snapshot, less the {@code INFO}
		 * that took this one.
		 * @param earlier the earlier snapshot
		 * @return the command count
		 */
		long commandsSince(Snapshot earlier) {
			long total = 0;
			for (Map.Entry<String, Long> entry : this.calls.entrySet()) {
				total += entry.getValue() - earlier.calls.getOrDefault(entry.getKey(), 0L);
			}
			return total - 1;
		}

		/**
		 * Return the socket reads since an earlier snapshot, less the {@code INFO} that
		 * took this one.
		 * @param earlier the earlier snapshot
		 * @return the read count
		 */
		long readsSince(Snapshot earlier) {
			return this.reads - earlier.reads - 1;
		}

		long calls(String command) {
			return this.calls.getOrDefault(command, 0L);
		}

	}

	@Override
	public String toString() {
		return this.node.toString();
	}

}
