// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.testsupport;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.awaitility.core.ConditionTimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.github.redislock.testsupport.RedisNode.Mode;

import static org.awaitility.Awaitility.await;

/**
 * A Redis Cluster of masters sharing the 16384 hash slots evenly, optionally with
 * replicas, formed with plain commands, the way {@code redis-cli --cluster create} does
 * it, so that no redis-cli is needed and every step can be waited for.
 * <p>
 * Forming it gives each master a contiguous slot range ({@code CLUSTER ADDSLOTSRANGE} on
 * Redis 7+, {@code CLUSTER ADDSLOTS} before) and each node a distinct config epoch, so
 * that no epoch collision has to be resolved; the first node meets every other, and once
 * all know each other each replica replicates its master. Starting it then waits until
 * every node reports {@code cluster_state:ok}, knows every other node as healthy, and
 * every replica's link is up, so a test starts from a converged cluster. Each node keeps
 * its {@code nodes.conf} in its own directory, so a restarted node rejoins with its
 * identity. The node timeout is 2 s instead of Redis' 15 s, so that failover tests finish
 * quickly.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
public final class RedisCluster {

	private static final int SLOTS = 16384;

	private static final Duration NODE_TIMEOUT = Duration.ofSeconds(2);

	private static final Duration HEALTH_TIMEOUT = Duration.ofSeconds(45);

	private static final Logger logger = LoggerFactory.getLogger(RedisCluster.class);

	private final List<RedisNode> masters;

	private final List<RedisNode> replicas;

	private RedisCluster(List<RedisNode> masters, List<RedisNode> replicas) {
		this.masters = List.copyOf(masters);
		this.replicas = List.copyOf(replicas);
	}

	static RedisCluster start(RedisFixture fixture, int masterCount, int replicasPerMaster) {
		if (masterCount < 1 || replicasPerMaster < 0) {
			throw new IllegalArgumentException("Need at least one master and no negative replica count");
		}
		// Redis 7 hides a replica from CLUSTER SLOTS until its replication offset is not
		// zero; pinging replicas every second (instead of 10) moves offsets at once.
		List<String> config = List.of("cluster-enabled yes", "cluster-config-file nodes.conf",
				"cluster-node-timeout " + NODE_TIMEOUT.toMillis(), "repl-ping-replica-period 1");
		List<RedisNode> masters = new ArrayList<>();
		List<RedisNode> replicas = new ArrayList<>();
		for (int i = 0; i < masterCount; i++) {
			masters.add(fixture.newNode("cluster-master", Mode.SERVER, config, true));
		}
		for (int i = 0; i < masterCount * replicasPerMaster; i++) {
			replicas.add(fixture.newNode("cluster-replica", Mode.SERVER, config, true));
		}
		RedisCluster cluster = new RedisCluster(masters, replicas);
		RedisNode.startAll(cluster.nodes());
		cluster.form(replicasPerMaster, fixture.binary());
		cluster.awaitHealthy(HEALTH_TIMEOUT);
		logger.debug("Cluster of {} is healthy", cluster.addresses());
		return cluster;
	}

	/**
	 * Return the nodes that were given slots at creation.
	 * @return the initial masters
	 */
	public List<RedisNode> masters() {
		return this.masters;
	}

	/**
	 * Return the nodes that were created as replicas, in master order.
	 * @return the initial replicas
	 */
	public List<RedisNode> replicas() {
		return this.replicas;
	}

	/**
	 * Return masters then replicas.
	 * @return every node
	 */
	public List<RedisNode> nodes() {
		List<RedisNode> nodes = new ArrayList<>(this.masters);
		nodes.addAll(this.replicas);
		return List.copyOf(nodes);
	}

	/**
	 * Return the {@code host:port} of every node, as cluster clients take them as seeds.
	 * @return the addresses
	 */
	public List<String> addresses() {
		return nodes().stream().map(RedisNode::address).toList();
	}

	/**
	 * Wait until every node runs and reports {@code cluster_state:ok}, all slots are
	 * assigned, every node knows every other as healthy, and each replica's link to its
	 * master is up.
	 * @param timeout how long to wait at most
	 */
	public void awaitHealthy(Duration timeout) {
		List<RedisNode> nodes = nodes();
		try {
			await("the cluster to be healthy").atMost(timeout)
				.ignoreExceptions()
				.until(() -> nodes.stream().allMatch(this::isHealthy));
		}
		catch (ConditionTimeoutException ex) {
			throw new IllegalStateException(ex.getMessage() + "\n" + describe(), ex);
		}
	}

	private void form(int replicasPerMaster, RedisBinary binary) {
		List<RedisNode> all = nodes();
		for (int i = 0; i < this.masters.size(); i++) {
			int from = i * SLOTS / this.masters.size();
			int to = (i + 1) * SLOTS / this.masters.size() - 1;
			List<String> command = new ArrayList<>(List.of("CLUSTER"));
			if (binary.isAtLeast(7, 0)) {
				command.addAll(List.of("ADDSLOTSRANGE", Integer.toString(from), Integer.toString(to)));
			}
			else {
				command.add("ADDSLOTS");
				for (int slot = from; slot <= to; slot++) {
					command.add(Integer.toString(slot));
				}
			}
			this.masters.get(i).command(command.toArray(String[]::new));
		}
		for (int i = 0; i < all.size(); i++) {
			all.get(i).command("CLUSTER", "SET-CONFIG-EPOCH", Integer.toString(i + 1));
		}
		for (RedisNode node : all.subList(1, all.size())) {
			all.get(0).command("CLUSTER", "MEET", node.host(), Integer.toString(node.port()));
		}
		await("all " + all.size() + " cluster nodes to know each other").atMost(HEALTH_TIMEOUT)
			.ignoreExceptions()
			.until(() -> all.stream().allMatch((node) -> knowsAllWithoutHandshake(node, all.size())));
		for (int i = 0; i < this.replicas.size(); i++) {
			Object masterId = this.masters.get(i / replicasPerMaster).command("CLUSTER", "MYID");
			this.replicas.get(i).command("CLUSTER", "REPLICATE", String.valueOf(masterId));
		}
	}

	private static boolean knowsAllWithoutHandshake(RedisNode node, int count) {
		List<String[]> lines = clusterNodes(node);
		return lines.size() == count && lines.stream().noneMatch((line) -> flags(line).contains("handshake"));
	}

	private boolean isHealthy(RedisNode node) {
		int nodeCount = this.masters.size() + this.replicas.size();
		if (!node.isRunning() || node.isPaused()) {
			return false;
		}
		Map<String, String> info = RedisNode.parseInfo(node.command("CLUSTER", "INFO"));
		if (!"ok".equals(info.get("cluster_state")) || !Integer.toString(SLOTS).equals(info.get("cluster_slots_ok"))
				|| !Integer.toString(nodeCount).equals(info.get("cluster_known_nodes"))) {
			return false;
		}
		List<String[]> lines = clusterNodes(node);
		long replicaCount = lines.stream().filter((line) -> flags(line).contains("slave")).count();
		if (lines.size() != nodeCount || replicaCount != this.replicas.size()
				|| !lines.stream().allMatch(RedisCluster::isHealthyLine)) {
			return false;
		}
		boolean isReplica = lines.stream().anyMatch((line) -> flags(line).containsAll(List.of("myself", "slave")));
		if (isReplica && !"up".equals(node.info("replication").get("master_link_status"))) {
			return false;
		}
		return replicasInSlotMap(node) == this.replicas.size();
	}

	/**
	 * Split {@code CLUSTER NODES} into lines of fields: id, address, flags (such as
	 * {@code myself,master}), master id, ping sent, pong received, epoch, link state and
	 * slots.
	 */
	private static List<String[]> clusterNodes(RedisNode node) {
		return String.valueOf(node.command("CLUSTER", "NODES"))
			.lines()
			.map((line) -> line.trim().split(" "))
			.filter((fields) -> fields.length >= 8)
			.toList();
	}

	/**
	 * Return whether a node looks healthy from where it was observed: linked (or itself)
	 * and not flagged failing, in handshake or without address.
	 */
	private static boolean isHealthyLine(String[] line) {
		List<String> flags = flags(line);
		boolean linked = flags.contains("myself") || "connected".equals(line[7]);
		return linked && !flags.contains("fail") && !flags.contains("fail?") && !flags.contains("handshake")
				&& !flags.contains("noaddr");
	}

	private static List<String> flags(String[] line) {
		return List.of(line[2].split(","));
	}

	/**
	 * Count the replicas {@code CLUSTER SLOTS} announces, the view most cluster clients
	 * build their topology from: each range is {@code [from, to, master, replicas...]}.
	 */
	private static int replicasInSlotMap(RedisNode node) {
		int replicas = 0;
		if (node.command("CLUSTER", "SLOTS") instanceof List<?> ranges) {
			for (Object range : ranges) {
				replicas += ((List<?>) range).size() - 3;
			}
		}
		return replicas;
	}

	private String describe() {
		StringBuilder description = new StringBuilder();
		for (RedisNode node : nodes()) {
			try {
				description.append(node)
					.append(":\n")
					.append(RedisNode.parseInfo(node.command("CLUSTER", "INFO")).get("cluster_state"))
					.append('\n')
					.append(node.command("CLUSTER", "NODES"));
			}
			catch (RuntimeException ex) {
				description.append(node).append(": ").append(ex).append('\n');
			}
		}
		return description.toString();
	}

}
