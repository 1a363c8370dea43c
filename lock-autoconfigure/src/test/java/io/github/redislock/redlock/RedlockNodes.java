// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redlock;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import io.github.redislock.core.LockBackoff;
import io.github.redislock.core.LockLostEvent;
import io.github.redislock.engine.DefaultLockClient;
import io.github.redislock.redis.RedisLockStore;
import io.github.redislock.store.LockStore;
import io.github.redislock.testsupport.RedisNode;

import org.springframework.core.io.ClassPathResource;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.util.StreamUtils;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A Redlock on real masters, as the auto-configuration connects one, with the masters at
 * hand to kill, pause and restart, and to read.
 *
 * @author redis-lock contributors
 */
final class RedlockNodes implements AutoCloseable {

	static final Duration NODE_TIMEOUT = Duration.ofMillis(200);

	final List<RedisNode> masters;

	final RedlockConnections connections;

	final RedlockStore store;

	/** Stores on one master each, made by {@link #node(int)}; closed with this. */
	private final List<RedisLockStore> singleNodes = new ArrayList<>();

	private final List<LettuceConnectionFactory> singleNodeConnections = new ArrayList<>();

	private RedlockNodes(List<RedisNode> masters, RedlockConnections connections, RedlockStore store) {
		this.masters = masters;
		this.connections = connections;
		this.store = store;
	}

	static RedlockNodes on(List<RedisNode> masters) {
		return on(masters, NODE_TIMEOUT, 0.01);
	}

	static RedlockNodes on(List<RedisNode> masters, Duration nodeTimeout, double driftFactor) {
		List<RedlockNode> nodes = new ArrayList<>();
		for (RedisNode master : masters) {
			nodes.add(RedlockNode.parse("redis://" + master.host() + ":" + master.port()));
		}
		RedlockConnections connections = RedlockConnections.connect(nodes, "lock:", nodeTimeout, (client) -> {
		});
		return new RedlockNodes(masters, connections, connections.store(nodeTimeout, driftFactor));
	}

	/**
	 * Return a lock client on this Redlock, whose backoff is short and randomized, as the
	 * tests need many attempts.
	 * @param leaseTime the default lease
	 * @param lostListener told of lost leases
	 * @return the client, to close before this
	 */
	DefaultLockClient client(Duration leaseTime, Consumer<LockLostEvent> lostListener) {
		return new DefaultLockClient(this.store, leaseTime, true,
				new LockBackoff(Duration.ofMillis(20), 2.0, Duration.ofMillis(200), 0.5), lostListener);
	}

	/**
	 * Return a store on one master alone, on a connection of its own, to set up what a
	 * node records.
	 */
	LockStore node(int index) {
		RedisNode master = this.masters.get(index);
		LettuceConnectionFactory factory = new LettuceConnectionFactory(
				new RedisStandaloneConfiguration(master.host(), master.port()));
		factory.afterPropertiesSet();
		factory.start();
		this.singleNodeConnections.add(factory);
		RedisLockStore store = new RedisLockStore(new StringRedisTemplate(factory), "lock:");
		this.singleNodes.add(store);
		return store;
	}

	/**
	 * Return a lock script as the store sends it, {@code prelude.lua} ahead of it, for a
	 * test to load on a master by itself ({@code SCRIPT LOAD}).
	 */
	static String scriptSource(String name) {
		String location = "META-INF/redis-lock/scripts/";
		try {
			return StreamUtils.copyToString(new ClassPathResource(location + "prelude.lua").getInputStream(),
					StandardCharsets.UTF_8)
					+ StreamUtils.copyToString(new ClassPathResource(location + name + ".lua").getInputStream(),
							StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * Return on how many masters the lock key exists.
	 */
	long holdingNodes(String name) {
		return this.masters.stream()
			.filter(RedisNode::isRunning)
			.filter((master) -> !master.isPaused())
			.filter((master) -> Long.valueOf(1).equals(master.command("EXISTS", "lock:{" + name + "}")))
			.count();
	}

	/**
	 * Wait until the lock key exists on the given number of masters: a node whose reply
	 * missed the node timeout still carries out the command, a moment later.
	 */
	void awaitHoldingNodes(String name, long count) {
		await().atMost(Duration.ofSeconds(5))
			.untilAsserted(() -> assertThat(holdingNodes(name)).as("masters holding '" + name + "'").isEqualTo(count));
	}

	@Override
	public void close() {
		this.singleNodes.forEach(RedisLockStore::close);
		this.singleNodes.clear();
		this.singleNodeConnections.forEach(LettuceConnectionFactory::destroy);
		this.singleNodeConnections.clear();
		this.store.close();
	}

	/**
	 * Close the connections, then bring every master a test paused or stopped back,
	 * empty.
	 */
	void closeAndHeal() {
		close();
		for (RedisNode master : this.masters) {
			if (master.isPaused()) {
				master.resume();
			}
			if (!master.isRunning()) {
				master.restart();
			}
			master.command("FLUSHALL");
		}
	}

}
