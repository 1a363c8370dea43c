// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.torture.supervisor;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.springframework.data.redis.connection.RedisConfiguration;
import org.springframework.data.redis.connection.RedisSentinelConfiguration;

import io.github.redislock.testsupport.RedisNode;
import io.github.redislock.testsupport.RedisSentinelGroup;

/**
 * A master with replicas, watched by three Sentinels: a Redis fault on the master longer
 * than the Sentinels' down-after time (1 s) fails it over. With replica acknowledgement,
 * the workers' locks are granted only once a replica has them
 * (redis-lock.replica-ack.replicas).
 *
 * @author redis-lock contributors
 */
final class SentinelLockRedis extends LockRedis {

	private static final Duration SERVING_TIMEOUT = Duration.ofSeconds(30);

	private final RedisSentinelGroup group;

	private final int replicaAcks;

	/**
	 * Lock in a Sentinel group.
	 * @param group the group
	 * @param replicaAcks how many replicas acknowledge each write of a lock, 0 for none
	 */
	SentinelLockRedis(RedisSentinelGroup group, int replicaAcks) {
		this.group = group;
		this.replicaAcks = replicaAcks;
	}

	@Override
	String description() {
		int replicas = this.group.replicas().size();
		return "Sentinel group (master, " + replicas + ((replicas != 1) ? " replicas" : " replica")
				+ ", 3 Sentinels) of Redis " + version(this.group.master())
				+ ((this.replicaAcks > 0) ? ", locks acknowledged by " + this.replicaAcks + " replica" : "");
	}

	@Override
	List<String> clientArguments() {
		return List.of("--spring.data.redis.sentinel.master=" + this.group.masterName(),
				"--spring.data.redis.sentinel.nodes=" + String.join(",", this.group.sentinelAddresses()),
				"--redis-lock.replica-ack.replicas=" + this.replicaAcks);
	}

	@Override
	RedisConfiguration configuration() {
		RedisSentinelConfiguration configuration = new RedisSentinelConfiguration();
		configuration.master(this.group.masterName());
		this.group.sentinels().forEach((node) -> configuration.sentinel(RedisNode.HOST, node.port()));
		return configuration;
	}

	/**
	 * With replica acknowledgement no waiter is queued in Redis (a lock handed over would
	 * reach its holder unacknowledged), so no waiter can be first in a queue.
	 */
	@Override
	boolean supports(FaultKind kind) {
		return super.supports(kind) && !(this.replicaAcks > 0 && kind == FaultKind.WAITER_KILLED_FIRST_IN_QUEUE);
	}

	@Override
	RedisNode nodeOf(String lockKey) {
		for (RedisNode sentinel : this.group.sentinels()) {
			try {
				Object address = sentinel.command("SENTINEL", "GET-MASTER-ADDR-BY-NAME", this.group.masterName());
				if (address instanceof List<?> hostAndPort && hostAndPort.size() == 2) {
					int port = Integer.parseInt(String.valueOf(hostAndPort.get(1)));
					for (RedisNode node : this.group.dataNodes()) {
						if (node.port() == port) {
							return node;
						}
					}
				}
			}
			catch (RuntimeException ex) {
				// Ask the next Sentinel.
			}
		}
		return this.group.master();
	}

	@Override
	List<RedisNode> dataNodes() {
		return this.group.dataNodes();
	}

	@Override
	void awaitServing() {
		WorkerOrders.awaitUntil(SERVING_TIMEOUT, this::serving);
	}

	/**
	 * Return whether every data node runs and agrees with the Sentinels on the master; a
	 * node still starting up does not.
	 */
	private boolean serving() {
		try {
			RedisNode master = nodeOf("");
			for (RedisNode node : this.group.dataNodes()) {
				if (!node.isRunning()) {
					return false;
				}
				Map<String, String> replication = node.info("replication");
				boolean isMaster = "master".equals(replication.get("role"));
				if (isMaster != (node == master)
						|| (!isMaster && !String.valueOf(master.port()).equals(replication.get("master_port")))) {
					return false;
				}
			}
			return true;
		}
		catch (RuntimeException ex) {
			return false;
		}
	}

	@Override
	String masterAddress() {
		return nodeOf("").address();
	}

}
