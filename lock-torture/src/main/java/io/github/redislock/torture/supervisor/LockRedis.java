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
import io.github.redislock.torture.TortureTimings;
import io.github.redislock.torture.oracle.Oracle;
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
	 * replicas, each lock acknowledged by one), {@code cluster}, {@code redlock} (five
	 * masters), or the same with servers' clocks offset: {@code sentinel-skew},
	 * {@code sentinel-acks-skew} (replicas 30 s behind, restarted behind or ahead for the
	 * clock-skew failovers) and {@code redlock-skew} (one master 2 minutes ahead, one
	 * behind)
	 * @param fixture the fixture that starts the servers
	 * @return the running topology
	 */
	static LockRedis start(String topology, RedisFixture fixture) {
		Duration behind = FaultKind.FAILOVER_SKEW.negated();
		Duration redlockSkew = FaultKind.REDLOCK_SKEW;
		return switch (topology) {
			case "standalone" -> new StandaloneLockRedis(fixture.standalone());
			case "sentinel" -> new SentinelLockRedis(fixture.sentinel(3, 1), 0, false);
			// Sentinel promotes the replica with the most data, which has every write
			// the other one acknowledged.
			case "sentinel-acks" -> new SentinelLockRedis(fixture.sentinel(3, 2), 1, false);
			case "cluster" -> new ClusterLockRedis(fixture.cluster(3, 0));
			case "redlock" -> new RedlockLockRedis(fixture.masters(5));
			// Clock skew on real servers (an LD_PRELOAD clock offset): replicas start
			// behind, and the clock-skew failovers restart them behind or ahead.
			case "sentinel-skew" -> new SentinelLockRedis(fixture.sentinel(3, List.of(behind)), 0, true);
			case "sentinel-acks-skew" -> new SentinelLockRedis(fixture.sentinel(3, List.of(behind, behind)), 1, true);
			case "redlock-skew" -> new RedlockLockRedis(fixture
				.masters(List.of(redlockSkew, redlockSkew.negated(), Duration.ZERO, Duration.ZERO, Duration.ZERO)));
			default -> throw new IllegalArgumentException("Unknown torture topology '" + topology
					+ "': use standalone, sentinel, sentinel-acks, cluster, redlock, or sentinel-skew,"
					+ " sentinel-acks-skew, redlock-skew for servers whose clocks are offset");
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
	 * Start watching for failovers the topology makes by itself, whenever they happen.
	 * @param oracle where each failover is recorded
	 * @return the watch, which sees none where nothing fails over by itself
	 */
	FailoverWatch watchFailovers(Oracle oracle) {
		return FailoverWatch.none();
	}

	/**
	 * Return the longest an acquisition of a worker may take: its wait time and its last
	 * attempt, which may start just before the wait ends and is one command.
	 * @return the bound
	 */
	Duration longestAcquisition() {
		return Duration.ofMillis(TortureTimings.WAIT_MS + TortureTimings.COMMAND_TIMEOUT_MS);
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
		return (proxy().isPresent() || !kind.needsProxy()) && !kind.isClockSkewFailover();
	}

	/**
	 * Fail the topology over to a replica whose clock is offset, for the clock-skew
	 * faults that {@link #supports(FaultKind)} says this topology takes.
	 * @param clockOffset the promoted replica's clock offset
	 * @param begin marks the fault's start, once the replicas are ready and just before
	 * the failover
	 */
	void failOverToReplicaWithClock(Duration clockOffset, Runnable begin) {
		throw new UnsupportedOperationException(description() + " cannot fail over");
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

	/**
	 * Return how far apart the clocks of two data nodes may be, by which a released-by
	 * key's TTL may exceed its retention: set as an absolute expiry by a master ahead,
	 * read on a node behind.
	 * @return the largest difference, zero without skew
	 */
	Duration clockSpread() {
		List<Duration> offsets = dataNodes().stream().map(RedisNode::clockOffset).toList();
		Duration max = offsets.stream().max(Duration::compareTo).orElse(Duration.ZERO);
		Duration min = offsets.stream().min(Duration::compareTo).orElse(Duration.ZERO);
		return max.minus(min);
	}

	/**
	 * Describe the data nodes' clock offsets for the summary.
	 * @return such as {@code ", clocks +120 s, -120 s, 0, 0, 0"}, or empty without skew
	 */
	String clocks() {
		if (clockSpread().isZero()) {
			return "";
		}
		return ", clocks " + dataNodes().stream().map((node) -> {
			long seconds = node.clockOffset().toSeconds();
			return (seconds == 0) ? "0" : String.format("%+d s", seconds);
		}).collect(Collectors.joining(", ")) + " (LD_PRELOAD offset)";
	}

	@Override
	public String toString() {
		return description() + " " + dataNodes().stream().map(RedisNode::address).collect(Collectors.joining(","));
	}

}
