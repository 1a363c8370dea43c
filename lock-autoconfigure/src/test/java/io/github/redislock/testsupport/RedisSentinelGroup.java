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
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.github.redislock.testsupport.RedisNode.Mode;

/**
 * A master with replicas watched by Redis Sentinels (each started as
 * {@code redis-server sentinel.conf --sentinel}), the high-availability setup whose
 * failovers a lock must survive.
 * <p>
 * Starting it waits until every sentinel sees the master, every replica and every other
 * sentinel: before that a failover test would measure discovery, not failover. The
 * replicas are running before the sentinels start, so that a sentinel learns about them
 * from its very first INFO to the master instead of ten seconds later.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
public final class RedisSentinelGroup {

	private static final Duration DISCOVERY_TIMEOUT = Duration.ofSeconds(30);

	private static final Duration QUERY_TIMEOUT = Duration.ofMillis(500);

	private final SentinelOptions options;

	private final RedisReplicationGroup data;

	private final List<RedisNode> sentinels;

	private RedisSentinelGroup(SentinelOptions options, RedisReplicationGroup data, List<RedisNode> sentinels) {
		this.options = options;
		this.data = data;
		this.sentinels = List.copyOf(sentinels);
	}

	static RedisSentinelGroup start(RedisFixture fixture, SentinelOptions options) {
		RedisReplicationGroup data = RedisReplicationGroup.start(fixture, options.replicas());
		String name = options.masterName();
		List<String> config = List.of(
				"sentinel monitor " + name + " " + RedisNode.HOST + " " + data.master().port() + " " + options.quorum(),
				"sentinel down-after-milliseconds " + name + " " + options.downAfter().toMillis(),
				"sentinel failover-timeout " + name + " " + options.failoverTimeout().toMillis(),
				"sentinel parallel-syncs " + name + " 1");
		List<RedisNode> sentinels = new ArrayList<>();
		for (int i = 0; i < options.sentinels(); i++) {
			sentinels.add(fixture.newNode("sentinel", Mode.SENTINEL, config, false));
		}
		RedisNode.startAll(sentinels);
		RedisSentinelGroup group = new RedisSentinelGroup(options, data, sentinels);
		group.awaitMonitoring();
		return group;
	}

	/**
	 * Return the name the master is monitored under.
	 * @return the master name
	 */
	public String masterName() {
		return this.options.masterName();
	}

	/**
	 * Return the options the group was started with.
	 * @return the options
	 */
	public SentinelOptions options() {
		return this.options;
	}

	/**
	 * Return the master the group was started with; after a failover see
	 * {@link #currentMaster()}.
	 * @return the initial master
	 */
	public RedisNode master() {
		return this.data.master();
	}

	/**
	 * Return the replicas the group was started with.
	 * @return the initial replicas
	 */
	public List<RedisNode> replicas() {
		return this.data.replicas();
	}

	/**
	 * Return the master and replicas.
	 * @return the data nodes
	 */
	public List<RedisNode> dataNodes() {
		return this.data.nodes();
	}

	/**
	 * Return the sentinels.
	 * @return the sentinels
	 */
	public List<RedisNode> sentinels() {
		return this.sentinels;
	}

	/**
	 * Return the sentinels' {@code host:port} addresses, as a client configuration lists
	 * them.
	 * @return the addresses
	 */
	public List<String> sentinelAddresses() {
		return this.sentinels.stream().map(RedisNode::address).toList();
	}

	/**
	 * Return every node: master, replicas, then sentinels.
	 * @return all nodes
	 */
	public List<RedisNode> nodes() {
		List<RedisNode> nodes = new ArrayList<>(dataNodes());
		nodes.addAll(this.sentinels);
		return List.copyOf(nodes);
	}

	/**
	 * Return the data node the first reachable sentinel currently names as master.
	 * @return the current master
	 * @throws IllegalStateException if no sentinel answers
	 */
	public RedisNode currentMaster() {
		RuntimeException lastFailure = null;
		for (RedisNode sentinel : this.sentinels) {
			if (sentinel.isRunning() && !sentinel.isPaused()) {
				try {
					return masterAccordingTo(sentinel);
				}
				catch (RuntimeException ex) {
					lastFailure = ex;
				}
			}
		}
		throw new IllegalStateException("No sentinel could name the master of " + masterName(), lastFailure);
	}

	/**
	 * Wait until every reachable sentinel names a master other than the given one and
	 * that node reports {@code role:master}, typically after killing or pausing the
	 * master.
	 * @param previousMaster the master that is expected to be replaced
	 * @param timeout how long to wait at most
	 * @return the new master
	 */
	public RedisNode awaitFailoverFrom(RedisNode previousMaster, Duration timeout) {
		return Await.value("sentinels to fail over from " + previousMaster, timeout, Duration.ofMillis(100), () -> {
			Set<RedisNode> named = new HashSet<>();
			for (RedisNode sentinel : reachableSentinels()) {
				named.add(masterAccordingTo(sentinel));
			}
			if (named.size() != 1) {
				return null;
			}
			RedisNode master = named.iterator().next();
			boolean promoted = !master.equals(previousMaster)
					&& "master".equals(master.info("replication").get("role"));
			return promoted ? master : null;
		});
	}

	/**
	 * Wait until every sentinel sees the current master as healthy, the other sentinels,
	 * and every other running data node as a healthy replica.
	 */
	public void awaitMonitoring() {
		awaitMonitoring(DISCOVERY_TIMEOUT);
	}

	/**
	 * Wait until every sentinel sees the current master as healthy, the other sentinels,
	 * and every other running data node as a healthy replica.
	 * @param timeout how long to wait at most
	 */
	public void awaitMonitoring(Duration timeout) {
		try {
			Await.until("sentinels to monitor " + masterName(), timeout, Duration.ofMillis(100),
					() -> this.sentinels.stream().allMatch(this::monitorsEverything));
		}
		catch (IllegalStateException ex) {
			throw new IllegalStateException(ex.getMessage() + "\n" + describe(), ex.getCause());
		}
	}

	private boolean monitorsEverything(RedisNode sentinel) {
		Map<String, String> master = fields(sentinel.command("SENTINEL", "MASTER", masterName()));
		long expectedReplicas = dataNodes().stream().filter(RedisNode::isRunning).count() - 1;
		long healthyReplicas = replicaStates(sentinel).stream()
			.filter((replica) -> "slave".equals(replica.get("flags")) && "ok".equals(replica.get("master-link-status")))
			.count();
		return "master".equals(master.get("flags"))
				&& Integer.toString(this.sentinels.size() - 1).equals(master.get("num-other-sentinels"))
				&& healthyReplicas == expectedReplicas;
	}

	private List<Map<String, String>> replicaStates(RedisNode sentinel) {
		List<Map<String, String>> states = new ArrayList<>();
		for (Object replica : (List<?>) sentinel.command("SENTINEL", "REPLICAS", masterName())) {
			states.add(fields(replica));
		}
		return states;
	}

	private RedisNode masterAccordingTo(RedisNode sentinel) {
		List<?> address;
		try (RespClient client = sentinel.connect(QUERY_TIMEOUT)) {
			address = (List<?>) client.command("SENTINEL", "GET-MASTER-ADDR-BY-NAME", masterName());
		}
		if (address == null) {
			throw new IllegalStateException(sentinel + " does not know " + masterName());
		}
		int port = Integer.parseInt(address.get(1).toString());
		return dataNodes().stream()
			.filter((node) -> node.port() == port)
			.findFirst()
			.orElseThrow(() -> new IllegalStateException(sentinel + " names unknown master " + address));
	}

	private List<RedisNode> reachableSentinels() {
		return this.sentinels.stream().filter((sentinel) -> sentinel.isRunning() && !sentinel.isPaused()).toList();
	}

	private String describe() {
		StringBuilder description = new StringBuilder();
		for (RedisNode sentinel : reachableSentinels()) {
			try {
				description.append(sentinel)
					.append(": ")
					.append(fields(sentinel.command("SENTINEL", "MASTER", masterName())))
					.append(" replicas ")
					.append(replicaStates(sentinel))
					.append('\n');
			}
			catch (RuntimeException ex) {
				description.append(sentinel).append(": ").append(ex).append('\n');
			}
		}
		return description.toString();
	}

	/**
	 * Turn a flat {@code [name, value, name, value ...]} sentinel reply into a map.
	 */
	private static Map<String, String> fields(Object reply) {
		Map<String, String> fields = new LinkedHashMap<>();
		if (reply instanceof Map<?, ?> map) {
			map.forEach((key, value) -> fields.put(String.valueOf(key), String.valueOf(value)));
		}
		else if (reply instanceof List<?> list) {
			for (int i = 0; i + 1 < list.size(); i += 2) {
				fields.put(String.valueOf(list.get(i)), String.valueOf(list.get(i + 1)));
			}
		}
		return fields;
	}

}
