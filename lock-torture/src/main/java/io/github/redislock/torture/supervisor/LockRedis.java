// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.torture.supervisor;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

import io.lettuce.core.ReadFrom;
import io.lettuce.core.cluster.ClusterClientOptions;
import io.lettuce.core.cluster.ClusterTopologyRefreshOptions;
import org.springframework.data.redis.connection.RedisClusterConfiguration;
import org.springframework.data.redis.connection.RedisConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceClientConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;

import io.github.redislock.testsupport.RedisFixture;
import io.github.redislock.redis.RedisLockStore;
import io.github.redislock.store.LockStore;
import io.github.redislock.testsupport.RedisNode;
import io.github.redislock.torture.proxy.FaultProxy;

/**
 * Where a run's locks live: one Redis behind the fault proxy, a Sentinel group, or a
 * Cluster. It tells the workers how to connect, gives the supervisor its own connection,
 * and names the data node that holds a lock, which the Redis faults hit.
 *
 * @author redis-lock contributors
 */
abstract class LockRedis implements AutoCloseable {

	/**
	 * Start the topology a run asks for.
	 * @param topology {@code standalone}, {@code sentinel}, {@code sentinel-acks} (two
	 * replicas, each lock acknowledged by one), {@code cluster} or {@code redlock} (five
	 * masters)
	 * @param fixture the fixture that starts the servers
	 * @return the running topology
	 */
	static LockRedis start(String topology, RedisFixture fixture) {
		return switch (topology) {
			case "standalone" -> new StandaloneLockRedis(fixture.standalone());
			case "sentinel" -> new SentinelLockRedis(fixture.sentinel(3, 1), 0);
			// Sentinel promotes the replica with the most data, which has every write
			// the other one acknowledged.
			case "sentinel-acks" -> new SentinelLockRedis(fixture.sentinel(3, 2), 1);
			case "cluster" -> new ClusterLockRedis(fixture.cluster(3, 0));
			case "redlock" -> new RedlockLockRedis(fixture.masters(5));
			default -> throw new IllegalArgumentException("Unknown torture topology '" + topology
					+ "': use standalone, sentinel, sentinel-acks, cluster or redlock");
		};
	}

	/**
	 * Return what the summary calls it.
	 * @return a description
	 */
	abstract String description();

	/**
	 * Return the {@code spring.data.redis.*} arguments of the workers.
	 * @return command-line arguments
	 */
	abstract List<String> clientArguments();

	/**
	 * Return the configuration of the supervisor's own connections, which reach Redis
	 * directly, never through the proxy.
	 * @return the configuration
	 */
	abstract RedisConfiguration configuration();

	/**
	 * Return the store of the supervisor's recovery probe, which locks as the workers do.
	 * @param connectionFactory a connection straight to the topology
	 * @return the store, closed with the probe if it can be
	 */
	LockStore probeStore(LettuceConnectionFactory connectionFactory) {
		return new RedisLockStore(new StringRedisTemplate(connectionFactory));
	}

	/**
	 * Return the data node that holds a lock now.
	 * @param lockKey the lock's key
	 * @return its master
	 */
	abstract RedisNode nodeOf(String lockKey);

	/**
	 * Return every data node, on which connection faults and leftover checks act.
	 * @return the data nodes
	 */
	abstract List<RedisNode> dataNodes();

	/**
	 * Wait until the topology serves again after a Redis fault healed: a Cluster whose
	 * state is ok, a Sentinel group whose nodes agree on one master. Standalone Redis
	 * serves as soon as it runs.
	 */
	void awaitServing() {
	}

	/**
	 * Return the address of the master now, to tell a failover.
	 * @return the master's address
	 */
	String masterAddress() {
		return dataNodes().get(0).address();
	}

	/**
	 * Return the proxy the workers connect through, if the topology has one: Sentinel and
	 * Cluster hand clients the nodes' own addresses, which a proxy cannot stand in for.
	 * @return the proxy
	 */
	Optional<FaultProxy> proxy() {
		return Optional.empty();
	}

	/**
	 * Return whether a fault kind can be injected here.
	 * @param kind the kind
	 * @return whether it can
	 */
	boolean supports(FaultKind kind) {
		return proxy().isPresent() || !kind.needsProxy();
	}

	/**
	 * Create a started connection factory for the supervisor.
	 * @param commandTimeout the command timeout
	 * @return the factory
	 */
	LettuceConnectionFactory connectionFactory(Duration commandTimeout) {
		LettuceClientConfiguration.LettuceClientConfigurationBuilder client = LettuceClientConfiguration.builder()
			.commandTimeout(commandTimeout);
		if (configuration() instanceof RedisClusterConfiguration) {
			client
				.clientOptions(ClusterClientOptions.builder()
					.topologyRefreshOptions(
							ClusterTopologyRefreshOptions.builder().enableAllAdaptiveRefreshTriggers().build())
					.build())
				.readFrom(ReadFrom.UPSTREAM);
		}
		LettuceConnectionFactory factory = new LettuceConnectionFactory(configuration(), client.build());
		factory.afterPropertiesSet();
		factory.start();
		return factory;
	}

	@Override
	public void close() {
		proxy().ifPresent(FaultProxy::close);
	}

	static String version(RedisNode node) {
		return node.info("server").get("redis_version");
	}

	@Override
	public String toString() {
		return description() + " " + dataNodes().stream().map(RedisNode::address).collect(Collectors.joining(","));
	}

}
