// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.torture.supervisor;

import java.time.Duration;
import java.util.List;

import org.springframework.data.redis.connection.RedisClusterConfiguration;
import org.springframework.data.redis.connection.RedisConfiguration;

import io.github.redislock.testsupport.RedisCluster;
import io.github.redislock.testsupport.RedisNode;

/**
 * Three masters without replicas: a lock's Redis faults hit the master of its slot alone,
 * and nothing fails over.
 *
 * @author redis-lock contributors
 */
final class ClusterLockRedis extends LockRedis {

	private static final Duration SERVING_TIMEOUT = Duration.ofSeconds(30);

	private final RedisCluster cluster;

	ClusterLockRedis(RedisCluster cluster) {
		this.cluster = cluster;
	}

	@Override
	String description() {
		return "Cluster of 3 masters of Redis " + version(this.cluster.masters().get(0));
	}

	@Override
	List<String> clientArguments() {
		return List.of("--spring.data.redis.cluster.nodes=" + String.join(",", this.cluster.addresses()),
				"--spring.data.redis.lettuce.cluster.refresh.adaptive=true");
	}

	@Override
	RedisConfiguration configuration() {
		return new RedisClusterConfiguration(this.cluster.addresses());
	}

	@Override
	RedisNode nodeOf(String lockKey) {
		long slot = ((Number) this.cluster.masters().get(0).command("CLUSTER", "KEYSLOT", lockKey)).longValue();
		for (RedisNode master : this.cluster.masters()) {
			if (ownsSlot(master, slot)) {
				return master;
			}
		}
		throw new IllegalStateException("No master owns slot " + slot + " of " + lockKey);
	}

	private static boolean ownsSlot(RedisNode master, long slot) {
		String nodes = String.valueOf(master.command("CLUSTER", "NODES"));
		for (String line : nodes.split("\\n")) {
			if (line.contains("myself") && line.contains("master")) {
				String[] fields = line.trim().split(" ");
				for (int i = 8; i < fields.length; i++) {
					String[] range = fields[i].split("-");
					if (range[0].startsWith("[")) {
						continue;
					}
					long from = Long.parseLong(range[0]);
					long to = (range.length > 1) ? Long.parseLong(range[1]) : from;
					if (slot >= from && slot <= to) {
						return true;
					}
				}
			}
		}
		return false;
	}

	@Override
	List<RedisNode> dataNodes() {
		return this.cluster.nodes();
	}

	@Override
	void awaitServing() {
		WorkerOrders.awaitUntil(SERVING_TIMEOUT,
				() -> this.cluster.masters()
					.stream()
					.allMatch((master) -> master.isRunning()
							&& String.valueOf(master.command("CLUSTER", "INFO")).contains("cluster_state:ok")));
	}

}
