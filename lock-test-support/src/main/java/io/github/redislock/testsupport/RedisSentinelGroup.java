// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.testsupport;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

import org.awaitility.core.ConditionTimeoutException;
import org.jspecify.annotations.Nullable;

import io.github.redislock.testsupport.RedisNode.Mode;

import static org.awaitility.Awaitility.await;

/**
 * A master with replicas watched by Redis Sentinels (each started as
 * {@code redis-server sentinel.conf --sentinel}), the high-availability setup whose
 * failovers a lock must survive.
 * <p>
 * Starting it waits until every sentinel sees the master, every replica and every other
 * sentinel: before that a failover test would measure discovery, not failover. The
 * replicas are running before the sentinels start, so that a sentinel learns about them
 * from its very first INFO to the master instead of ten seconds later. Failure detection
 * takes 1 s and a failover may take 3 s, instead of Redis' 30 s and 3 min, so that
 * failover tests take seconds, yet a loaded build machine sees no spurious failover.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
public final class RedisSentinelGroup {

	/**
	 * The name sentinels monitor the master under.
	 */
	public static final String MASTER_NAME = "mymaster";

	private static final Duration DOWN_AFTER = Duration.ofSeconds(1);

	private static final Duration FAILOVER_TIMEOUT = Duration.ofSeconds(3);

	private static final Duration DISCOVERY_TIMEOUT = Duration.ofSeconds(30);

	private static final Duration QUERY_TIMEOUT = Duration.ofMillis(500);

	private final RedisReplicationGroup data;

	private final List<RedisNode> sentinels;

	private RedisSentinelGroup(RedisReplicationGroup data, List<RedisNode> sentinels) {
		this.data = data;
		this.sentinels = List.copyOf(sentinels);
	}

	static RedisSentinelGroup start(RedisFixture fixture, int sentinelCount, List<Duration> replicaClockOffsets) {
		if (sentinelCount < 1) {
			throw new IllegalArgumentException("Need at least one sentinel");
		}
		RedisReplicationGroup data = RedisReplicationGroup.start(fixture, replicaClockOffsets);
		int quorum = sentinelCount / 2 + 1;
		List<String> config = List.of(
				"sentinel monitor " + MASTER_NAME + " " + RedisNode.HOST + " " + data.master().port() + " " + quorum,
				"sentinel down-after-milliseconds " + MASTER_NAME + " " + DOWN_AFTER.toMillis(),
				"sentinel failover-timeout " + MASTER_NAME + " " + FAILOVER_TIMEOUT.toMillis(),
				"sentinel parallel-syncs " + MASTER_NAME + " 1");
		List<RedisNode> sentinels = new ArrayList<>();
		for (int i = 0; i < sentinelCount; i++) {
			sentinels.add(fixture.newNode("sentinel", Mode.SENTINEL, config, false));
		}
		RedisNode.startAll(sentinels);
		RedisSentinelGroup group = new RedisSentinelGroup(data, sentinels);
		group.awaitMonitoring();
		return group;
	}

	/**
	 * Return the name the master is monitored under, {@value #MASTER_NAME}.
	 * @return the master name
	 */
	public String masterName() {
		return MASTER_NAME;
	}

	/**
	 * Return the master the group was started with; after a failover see
	 * {@link #awaitFailoverFrom(RedisNode, Duration)}.
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
	 * Wait until every reachable sentinel names a master other than the given one and
	 * that node reports {@code role:master}, typically after killing or pausing the
	 * master.
	 * @param previousMaster the master that is expected to be replaced
	 * @param timeout how long to wait at most
	 * @return the new master
	 */
	public RedisNode awaitFailoverFrom(RedisNode previousMaster, Duration timeout) {
		return await("sentinels to fail over from " + previousMaster).atMost(timeout)
			.ignoreExceptions()
			.until(() -> promotedAfter(previousMaster), Objects::nonNull);
	}

	/**
	 * Wait until every sentinel sees the current master as healthy, the other sentinels,
	 * and every other running data node as a healthy replica.
	 */
	public void awaitMonitoring() {
		try {
			await("sentinels to monitor " + MASTER_NAME).atMost(DISCOVERY_TIMEOUT)
				.ignoreExceptions()
				.until(() -> this.sentinels.stream().allMatch(this::monitorsEverything));
		}
		catch (ConditionTimeoutException ex) {
			throw new IllegalStateException(ex.getMessage() + "\n" + describe(), ex);
		}
	}

	private boolean monitorsEverything(RedisNode sentinel) {
		Map<String, String> master = fields(sentinel.command("SENTINEL", "MASTER", MASTER_NAME));
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
		if (sentinel.command("SENTINEL", "REPLICAS", MASTER_NAME) instanceof List<?> replicas) {
			replicas.forEach((replica) -> states.add(fields(replica)));
		}
		return states;
	}

	private @Nullable RedisNode promotedAfter(RedisNode previousMaster) {
		Set<RedisNode> named = new HashSet<>();
		for (RedisNode sentinel : reachableSentinels()) {
			named.add(masterAccordingTo(sentinel));
		}
		RedisNode master = (named.size() == 1) ? named.iterator().next() : previousMaster;
		boolean promoted = master != previousMaster && "master".equals(master.info("replication").get("role"));
		return promoted ? master : null;
	}

	private RedisNode masterAccordingTo(RedisNode sentinel) {
		Object address = sentinel.command(QUERY_TIMEOUT, "SENTINEL", "GET-MASTER-ADDR-BY-NAME", MASTER_NAME);
		if (!(address instanceof List<?> hostAndPort)) {
			throw new IllegalStateException(sentinel + " does not know " + MASTER_NAME);
		}
		int port = Integer.parseInt(String.valueOf(hostAndPort.get(1)));
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
					.append(fields(sentinel.command("SENTINEL", "MASTER", MASTER_NAME)))
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
	private static Map<String, String> fields(@Nullable Object reply) {
		Map<String, String> fields = new LinkedHashMap<>();
		if (reply instanceof List<?> list) {
			for (int i = 0; i + 1 < list.size(); i += 2) {
				fields.put(String.valueOf(list.get(i)), String.valueOf(list.get(i + 1)));
			}
		}
		return fields;
	}

}
