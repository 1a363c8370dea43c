// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redis;

import java.util.List;

import io.github.redislock.testsupport.RedisCluster;
import io.github.redislock.testsupport.RedisNode;
import io.github.redislock.testsupport.RedisServerExtension;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.data.redis.connection.RedisClusterConfiguration;
import org.springframework.data.redis.connection.RedisConfiguration;

/**
 * The lock's contract on a Redis Cluster of three masters, each with a replica. The
 * scripts touch two keys per lock, which only works because both share a hash tag.
 *
 * @author redis-lock contributors
 */
class ClusterRedisLockTests extends AbstractRedisLockContractTests {

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	private static RedisCluster cluster;

	@BeforeAll
	static void startCluster() {
		cluster = redis.cluster(3, 1);
	}

	@Override
	protected RedisConfiguration redisConfiguration() {
		return new RedisClusterConfiguration(cluster.addresses());
	}

	@Override
	protected List<RedisNode> dataNodes() {
		return cluster.nodes();
	}

}
