// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redis;

import io.github.redislock.testsupport.RedisCluster;
import io.github.redislock.testsupport.RedisServerExtension;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.data.redis.connection.RedisClusterConfiguration;
import org.springframework.data.redis.connection.RedisConfiguration;

/**
 * The store contract on a Redis Cluster of three masters with a replica each, where the
 * locks of one test spread over several hash slots and nodes.
 *
 * @author redis-lock contributors
 */
class ClusterRedisLockStoreContractTests extends AbstractRedisLockStoreContractTests {

	@RegisterExtension
	static final RedisServerExtension redisServers = new RedisServerExtension();

	private static RedisCluster cluster;

	@BeforeAll
	static void startCluster() {
		cluster = redisServers.cluster(3, 1);
	}

	@Override
	protected RedisConfiguration redisConfiguration() {
		return new RedisClusterConfiguration(cluster.addresses());
	}

}
