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
import io.github.redislock.torture.TortureTimings;
import io.github.redislock.torture.oracle.Oracle;

/**
 * A master with replicas, watched by three Sentinels: a Redis fault on the master longer
 * than the Sentinels' down-after time (1 s) fails it over. With replica acknowledgement,
 * the workers' locks are granted only once a replica has them
 * (redis-lock.replica-ack.replicas). With clock skew the replicas' clocks are offset (an
 * LD_PRELOAD library in the real redis-server), and the clock-skew faults fail over to
 * replicas restarted 30 s behind or ahead.
 *
 * @author redis-lock contributors
 */
final class SentinelLockRedis extends LockRedis {

	private static final Duration SERVING_TIMEOUT = Duration.ofSeconds(30);

	/**
	 * Shorter than the command timeout (500 ms), as the store requires, so that the
	 * client does not give up on WAIT before the replicas answer.
	 */
	private static final Duration REPLICA_ACK_TIMEOUT = Duration.ofMillis(300);

	private final RedisSentinelGroup group;

	private final int replicaAcks;

	private final boolean clockSkew;

	/**
	 * Lock in a Sentinel group.
	 * @param group the group
	 * @param replicaAcks how many replicas acknowledge each write of a lock, 0 for none
	 * @param clockSkew whether the clock-skew failovers are injected
	 */
	SentinelLockRedis(RedisSentinelGroup group, int replicaAcks, boolean clockSkew) {
		this.group = group;
		this.replicaAcks = replicaAcks;
		this.clockSkew = clockSkew;
	}

	@Override
	String description() {
		int replicas = this.group.replicas().size();
		return "Sentinel group (master, " + replicas + ((replicas != 1) ? " replicas" : " replica")
				+ ", 3 Sentinels) of Redis " + version(this.group.master())
				+ ((this.replicaAcks > 0) ? ", locks acknowledged by " + this.replicaAcks + " replica" : "")
				+ (this.clockSkew ? ", replicas' clocks " + FaultKind.FAILOVER_SKEW.toSeconds()
						+ " s behind or ahead (LD_PRELOAD offset)" : "");
	}

	@Override
	List<String> clientArguments() {
		return List.of("--spring.data.redis.sentinel.master=" + this.group.masterName(),
				"--spring.data.redis.sentinel.nodes=" + String.join(",", this.group.sentinelAddresses()),
				"--redis-lock.replica-ack.replicas=" + this.replicaAcks,
				"--redis-lock.replica-ack.timeout=" + REPLICA_ACK_TIMEOUT.toMillis() + "ms");
	}

	@Override
	FailoverWatch watchFailovers(Oracle oracle) {
		return FailoverWatch.start(new SentinelLooks(this.group), masterAddress(), oracle);
	}

	/**
	 * Under replica acknowledgement the last attempt is two commands, the acquisition
	 * script and its {@code WAIT}, each within a command timeout.
	 */
	@Override
	Duration longestAcquisition() {
		return (this.replicaAcks > 0)
				? Duration.ofMillis(TortureTimings.WAIT_MS + 2 * TortureTimings.COMMAND_TIMEOUT_MS)
				: super.longestAcquisition();
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
		if (kind.isClockSkewFailover()) {
			return this.clockSkew;
		}
		return super.supports(kind) && !(this.replicaAcks > 0 && kind == FaultKind.WAITER_KILLED_FIRST_IN_QUEUE);
	}

	/**
	 * Restart every replica with the clock offset, one at a time and each back in sync
	 * before the next (so that acknowledged locks always have a replica), then ask a
	 * Sentinel for a failover: whichever replica it promotes has that clock.
	 */
	@Override
	void failOverToReplicaWithClock(Duration clockOffset, Runnable begin) {
		RedisNode master = nodeOf("");
		for (RedisNode replica : this.group.dataNodes()) {
			if (replica != master) {
				replica.restart(clockOffset);
				if (!WorkerOrders.awaitUntil(SERVING_TIMEOUT, () -> serving() && linkUp(replica))) {
					throw new IllegalStateException(replica + " did not sync after its restart");
				}
			}
		}
		// A Sentinel refuses (NOGOODSLAVE) until it has seen the restarted replicas.
		if (!WorkerOrders.awaitUntil(SERVING_TIMEOUT,
				() -> this.group.sentinels()
					.stream()
					.allMatch((sentinel) -> seesHealthyReplicas(sentinel, this.group.dataNodes().size() - 1)))) {
			throw new IllegalStateException("Sentinels did not see the restarted replicas");
		}
		begin.run();
		RedisNode sentinel = this.group.sentinels().get(0);
		boolean started = WorkerOrders.awaitUntil(SERVING_TIMEOUT, () -> {
			try {
				return "OK".equals(sentinel.command("SENTINEL", "FAILOVER", this.group.masterName()));
			}
			catch (RuntimeException ex) {
				return false;
			}
		});
		if (!started || !WorkerOrders.awaitUntil(SERVING_TIMEOUT, () -> nodeOf("") != master && serving())) {
			throw new IllegalStateException("Sentinel did not fail over from " + master);
		}
	}

	private static boolean linkUp(RedisNode replica) {
		try {
			return "up".equals(replica.info("replication").get("master_link_status"));
		}
		catch (RuntimeException ex) {
			return false;
		}
	}

	private boolean seesHealthyReplicas(RedisNode sentinel, int expected) {
		try {
			Object replicas = sentinel.command("SENTINEL", "REPLICAS", this.group.masterName());
			if (!(replicas instanceof List<?> list)) {
				return false;
			}
			long healthy = list.stream().filter((replica) -> {
				List<?> fields = (List<?>) replica;
				Map<String, String> map = new java.util.HashMap<>();
				for (int i = 0; i + 1 < fields.size(); i += 2) {
					map.put(String.valueOf(fields.get(i)), String.valueOf(fields.get(i + 1)));
				}
				return "slave".equals(map.get("flags")) && "ok".equals(map.get("master-link-status"))
						&& "0".equals(map.get("master-link-down-time"));
			}).count();
			return healthy >= expected;
		}
		catch (RuntimeException ex) {
			return false;
		}
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
