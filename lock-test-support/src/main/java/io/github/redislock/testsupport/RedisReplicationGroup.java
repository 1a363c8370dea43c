// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.testsupport;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.github.redislock.testsupport.RedisNode.Mode;

import static org.awaitility.Awaitility.await;

/**
 * A master and its replicas, linked with {@code replicaof} in each replica's
 * configuration file, so that a restarted replica comes back as a replica (and a
 * sentinel's {@code CONFIG REWRITE} after a failover is kept).
 * <p>
 * Used on its own to test behaviour under replication lag and asynchronous replication,
 * and as the data part of a {@link RedisSentinelGroup}.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
public final class RedisReplicationGroup {

	private static final Duration SYNC_TIMEOUT = Duration.ofSeconds(30);

	private final RedisNode master;

	private final List<RedisNode> replicas;

	private RedisReplicationGroup(RedisNode master, List<RedisNode> replicas) {
		this.master = master;
		this.replicas = List.copyOf(replicas);
	}

	static RedisReplicationGroup start(RedisFixture fixture, List<Duration> replicaClockOffsets) {
		RedisNode master = fixture.newNode("master", Mode.SERVER, List.of(), false);
		RedisNode.startAll(List.of(master));
		List<RedisNode> replicas = new ArrayList<>();
		for (Duration clockOffset : replicaClockOffsets) {
			replicas.add(fixture.newNode("replica", Mode.SERVER,
					List.of("replicaof " + RedisNode.HOST + " " + master.port()), false, clockOffset));
		}
		RedisNode.startAll(replicas);
		RedisReplicationGroup group = new RedisReplicationGroup(master, replicas);
		group.awaitReplicasInSync();
		return group;
	}

	/**
	 * Return the master the group was created with.
	 * @return the master
	 */
	public RedisNode master() {
		return this.master;
	}

	/**
	 * Return the replicas the group was created with.
	 * @return the replicas
	 */
	public List<RedisNode> replicas() {
		return this.replicas;
	}

	/**
	 * Return the master followed by the replicas.
	 * @return every node of the group
	 */
	public List<RedisNode> nodes() {
		List<RedisNode> nodes = new ArrayList<>();
		nodes.add(this.master);
		nodes.addAll(this.replicas);
		return List.copyOf(nodes);
	}

	/**
	 * Wait until every replica reports {@code master_link_status:up} towards the master
	 * and the master counts them all as connected.
	 */
	public void awaitReplicasInSync() {
		awaitReplicasInSync(SYNC_TIMEOUT);
	}

	/**
	 * Wait until every replica reports {@code master_link_status:up} towards the master
	 * and the master counts them all as connected.
	 * @param timeout how long to wait at most
	 */
	public void awaitReplicasInSync(Duration timeout) {
		await(this.replicas.size() + " replicas to sync with " + this.master).atMost(timeout)
			.ignoreExceptions()
			.until(() -> this.replicas.stream().allMatch((replica) -> isReplicating(replica, this.master))
					&& connectedReplicas(this.master) >= this.replicas.size());
	}

	/**
	 * Return whether a node is a replica of the given master with an established link.
	 * @param replica the supposed replica
	 * @param master the supposed master
	 * @return whether the link is up
	 */
	private static boolean isReplicating(RedisNode replica, RedisNode master) {
		Map<String, String> info = replica.info("replication");
		return "slave".equals(info.get("role")) && Integer.toString(master.port()).equals(info.get("master_port"))
				&& "up".equals(info.get("master_link_status"));
	}

	private static int connectedReplicas(RedisNode master) {
		return Integer.parseInt(master.info("replication").getOrDefault("connected_slaves", "0"));
	}

}
