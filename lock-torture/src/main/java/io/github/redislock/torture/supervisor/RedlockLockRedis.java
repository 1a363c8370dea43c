// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.torture.supervisor;

import java.time.Duration;
import java.util.List;

import org.springframework.data.redis.connection.RedisConfiguration;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import io.github.redislock.redlock.RedlockStore;
import io.github.redislock.store.LockStore;
import io.github.redislock.testsupport.RedisNode;

/**
 * Five independent masters, on a majority of which the workers take their locks
 * (Redlock). A Redis fault hits one master, the one a lock name maps to; the supervisor's
 * own connection, which samples TTLs and counts leftovers, reads the first master. In
 * {@code redlock-skew} two masters' clocks are offset, one ahead and one behind.
 *
 * @author redis-lock contributors
 */
final class RedlockLockRedis extends LockRedis {

	/**
	 * Generous for a loaded 2-core machine, and still small next to the 3 s lease. An
	 * acquisition may overrun its wait by two node timeouts (its last attempt, and giving
	 * back what that attempt took), within the suite's allowance of one command timeout.
	 */
	private static final Duration NODE_TIMEOUT = Duration.ofMillis(200);

	private final List<RedisNode> masters;

	RedlockLockRedis(List<RedisNode> masters) {
		this.masters = List.copyOf(masters);
	}

	@Override
	String description() {
		return "Redlock on " + this.masters.size() + " masters of Redis " + version(this.masters.get(0))
				+ ", node timeout " + NODE_TIMEOUT.toMillis() + " ms" + clocks();
	}

	@Override
	List<String> clientArguments() {
		return List.of("--redis-lock.redlock.nodes=" + String.join(",", urls()),
				"--redis-lock.redlock.node-timeout=" + NODE_TIMEOUT.toMillis() + "ms",
				"--spring.data.redis.port=" + this.masters.get(0).port());
	}

	@Override
	RedisConfiguration configuration() {
		return new RedisStandaloneConfiguration(RedisNode.HOST, this.masters.get(0).port());
	}

	@Override
	LockStore probeStore(LettuceConnectionFactory connectionFactory) {
		List<String> nodes = urls();
		return RedlockStore.connect(nodes, "lock:", NODE_TIMEOUT, 0.01);
	}

	@Override
	RedisNode nodeOf(String lockKey) {
		return this.masters.get(Math.floorMod(lockKey.hashCode(), this.masters.size()));
	}

	@Override
	List<RedisNode> dataNodes() {
		return this.masters;
	}

	/**
	 * No waiter is queued in Redis under Redlock, so none can be first in a queue.
	 */
	@Override
	boolean supports(FaultKind kind) {
		return super.supports(kind) && kind != FaultKind.WAITER_KILLED_FIRST_IN_QUEUE;
	}

	private List<String> urls() {
		return this.masters.stream().map((master) -> "redis://" + RedisNode.HOST + ":" + master.port()).toList();
	}

}
