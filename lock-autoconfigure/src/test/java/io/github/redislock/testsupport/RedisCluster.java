/*
 * Copyright 2026 the original authors.
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *      https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */

package io.github.redislock.testsupport;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.github.redislock.testsupport.RedisNode.Mode;

/**
 * A Redis Cluster of masters sharing the 16384 hash slots evenly, optionally with
 * replicas, formed by {@link ClusterBootstrap} without redis-cli.
 * <p>
 * Starting it waits until every node reports {@code cluster_state:ok}, knows every other
 * node, and every replica's link is up, so a test starts from a converged cluster. Each
 * node keeps its {@code nodes.conf} in its own directory, so a restarted node rejoins
 * with its identity.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
public final class RedisCluster {

	private static final Logger logger = LoggerFactory.getLogger(RedisCluster.class);

	private static final Duration HEALTH_TIMEOUT = Duration.ofSeconds(45);

	private final ClusterOptions options;

	private final List<RedisNode> masters;

	private final List<RedisNode> replicas;

	private RedisCluster(ClusterOptions options, List<RedisNode> masters, List<RedisNode> replicas) {
		this.options = options;
		this.masters = List.copyOf(masters);
		this.replicas = List.copyOf(replicas);
	}

	static RedisCluster start(RedisFixture fixture, ClusterOptions options) {
		// Redis 7 hides a replica from CLUSTER SLOTS until its replication offset is not
		// zero; pinging replicas every second (instead of 10) moves offsets at once.
		List<String> config = List.of("cluster-enabled yes", "cluster-config-file nodes.conf",
				"cluster-node-timeout " + options.nodeTimeout().toMillis(), "repl-ping-replica-period 1");
		List<RedisNode> masters = new ArrayList<>();
		List<RedisNode> replicas = new ArrayList<>();
		for (int i = 0; i < options.masters(); i++) {
			masters.add(fixture.newNode("cluster-master", Mode.SERVER, config, true));
		}
		for (int i = 0; i < options.masters() * options.replicasPerMaster(); i++) {
			replicas.add(fixture.newNode("cluster-replica", Mode.SERVER, config, true));
		}
		RedisCluster cluster = new RedisCluster(options, masters, replicas);
		RedisNode.startAll(cluster.nodes());
		ClusterBootstrap.form(masters, replicas, options.replicasPerMaster(), fixture.binary());
		cluster.awaitHealthy();
		logger.debug("Cluster of {} is healthy", cluster.addresses());
		return cluster;
	}

	/**
	 * Return the options the cluster was started with.
	 * @return the options
	 */
	public ClusterOptions options() {
		return this.options;
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
	 * Return the node currently serving the slot of a key, as a running node sees it.
	 * @param key the key
	 * @return the master owning the key's slot
	 */
	public RedisNode masterForKey(String key) {
		RedisNode observer = nodes().stream()
			.filter((node) -> node.isRunning() && !node.isPaused())
			.findFirst()
			.orElseThrow(() -> new IllegalStateException("No cluster node is running"));
		long slot = (Long) observer.command("CLUSTER", "KEYSLOT", key);
		for (ClusterNodeLine line : ClusterNodeLine.parseAll(observer.command("CLUSTER", "NODES"))) {
			if (line.hasFlag("master") && servesSlot(line, slot)) {
				return nodes().stream()
					.filter((node) -> node.port() == line.port())
					.findFirst()
					.orElseThrow(() -> new IllegalStateException("Unknown node " + line.address()));
			}
		}
		throw new IllegalStateException("No master serves slot " + slot);
	}

	/**
	 * Wait until every node runs and reports {@code cluster_state:ok}, all slots are
	 * assigned, every node knows every other as healthy, and each replica's link to its
	 * master is up.
	 */
	public void awaitHealthy() {
		awaitHealthy(HEALTH_TIMEOUT);
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
			Await.until("the cluster to be healthy", timeout, Duration.ofMillis(100),
					() -> nodes.stream().allMatch((node) -> isHealthy(node, nodes.size())));
		}
		catch (IllegalStateException ex) {
			throw new IllegalStateException(ex.getMessage() + "\n" + describe(), ex.getCause());
		}
	}

	private boolean isHealthy(RedisNode node, int nodeCount) {
		if (!node.isRunning() || node.isPaused()) {
			return false;
		}
		Map<String, String> info = RedisInfo.parse(node.command("CLUSTER", "INFO"));
		if (!"ok".equals(info.get("cluster_state"))
				|| !Integer.toString(ClusterBootstrap.SLOTS).equals(info.get("cluster_slots_ok"))
				|| !Integer.toString(nodeCount).equals(info.get("cluster_known_nodes"))) {
			return false;
		}
		List<ClusterNodeLine> lines = ClusterNodeLine.parseAll(node.command("CLUSTER", "NODES"));
		long replicaCount = lines.stream().filter((line) -> line.hasFlag("slave")).count();
		if (lines.size() != nodeCount || replicaCount != this.replicas.size()
				|| !lines.stream().allMatch(ClusterNodeLine::isHealthy)) {
			return false;
		}
		boolean isReplica = lines.stream().anyMatch((line) -> line.hasFlag("myself") && line.hasFlag("slave"));
		if (isReplica && !"up".equals(node.info("replication").get("master_link_status"))) {
			return false;
		}
		return replicasInSlotMap(node) == this.replicas.size();
	}

	/**
	 * Count the replicas {@code CLUSTER SLOTS} announces, the view most cluster clients
	 * build their topology from: each range is {@code [from, to, master, replicas...]}.
	 */
	private static int replicasInSlotMap(RedisNode node) {
		int replicas = 0;
		for (Object range : (List<?>) node.command("CLUSTER", "SLOTS")) {
			replicas += ((List<?>) range).size() - 3;
		}
		return replicas;
	}

	private static boolean servesSlot(ClusterNodeLine line, long slot) {
		for (String range : line.slots()) {
			if (range.startsWith("[")) {
				continue;
			}
			String[] bounds = range.split("-");
			long from = Long.parseLong(bounds[0]);
			long to = Long.parseLong(bounds[bounds.length - 1]);
			if (slot >= from && slot <= to) {
				return true;
			}
		}
		return false;
	}

	private String describe() {
		StringBuilder description = new StringBuilder();
		for (RedisNode node : nodes()) {
			try {
				description.append(node)
					.append(":\n")
					.append(RedisInfo.parse(node.command("CLUSTER", "INFO")).get("cluster_state"))
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
