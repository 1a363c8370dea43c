// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.torture.supervisor;

import java.util.List;
import java.util.Optional;

import org.springframework.data.redis.connection.RedisConfiguration;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;

import io.github.redislock.testsupport.RedisNode;
import io.github.redislock.torture.proxy.FaultProxy;

/**
 * One Redis, which the workers reach through the fault proxy.
 *
 * @author redis-lock contributors
 */
final class StandaloneLockRedis extends LockRedis {

	private final RedisNode node;

	private final FaultProxy proxy;

	StandaloneLockRedis(RedisNode node) {
		this.node = node;
		this.proxy = FaultProxy.start(RedisNode.HOST, node.port());
	}

	@Override
	String description() {
		return "standalone Redis " + version(this.node) + " behind the fault proxy";
	}

	@Override
	List<String> clientArguments() {
		return List.of("--spring.data.redis.host=" + RedisNode.HOST, "--spring.data.redis.port=" + this.proxy.port());
	}

	@Override
	RedisConfiguration configuration() {
		return new RedisStandaloneConfiguration(RedisNode.HOST, this.node.port());
	}

	@Override
	RedisNode nodeOf(String lockKey) {
		return this.node;
	}

	@Override
	List<RedisNode> dataNodes() {
		return List.of(this.node);
	}

	@Override
	Optional<FaultProxy> proxy() {
		return Optional.of(this.proxy);
	}

}
