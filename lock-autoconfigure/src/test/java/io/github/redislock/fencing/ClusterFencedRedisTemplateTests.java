// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.fencing;

import io.github.redislock.testsupport.RedisCluster;
import io.github.redislock.testsupport.RedisServerExtension;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.data.redis.connection.RedisClusterConfiguration;
import org.springframework.data.redis.connection.RedisConfiguration;

/**
 * Fenced writes on a Redis Cluster of three masters, each with a replica: a script
 * touches a value and its token key, which only works because both are in one hash slot,
 * whether or not the value's key has a hash tag.
 *
 * @author redis-lock contributors
 */
class ClusterFencedRedisTemplateTests extends AbstractFencedRedisTemplateTests {

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

}
