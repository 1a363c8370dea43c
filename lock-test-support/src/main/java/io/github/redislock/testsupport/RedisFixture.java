// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.testsupport;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.github.redislock.testsupport.RedisNode.Mode;

/**
 * Starts real redis-server processes on loopback in the topologies a Redis lock meets in
 * production, and stops all of them on {@link #close()}.
 * <p>
 * Typical use, directly or through {@link RedisServerExtension}: <pre class="code">
 * try (RedisFixture redis = new RedisFixture()) {
 *     RedisNode server = redis.standalone();
 *     List&lt;RedisNode&gt; masters = redis.masters(5);          // e.g. for Redlock
 *     RedisReplicationGroup group = redis.masterWithReplicas(1);
 *     RedisSentinelGroup sentinel = redis.sentinel(3, 1);    // 3 sentinels, master + 1 replica
 *     RedisCluster cluster = redis.cluster(3, 1);            // 3 masters with 1 replica each
 *     server.pause(); server.resume(); server.kill(); server.restart();
 * }
 * </pre> Every node gets a free port, a private directory and an orphan watchdog; the
 * fixture owns all of them, so a test only has to close the fixture (the extension does
 * it even when tests fail).
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
public final class RedisFixture implements AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(RedisFixture.class);

	/**
	 * Settings of every data node: full resynchronisations go straight over the socket
	 * without waiting for more replicas (Redis 7 waits 5 s by default), which keeps
	 * replica start and failover tests fast.
	 */
	private static final List<String> DATA_NODE_CONFIG = List.of("repl-diskless-sync yes",
			"repl-diskless-sync-delay 0");

	private static final Set<RedisBinary> announcedBinaries = ConcurrentHashMap.newKeySet();

	private final RedisBinary binary;

	private final List<RedisNode> nodes = new CopyOnWriteArrayList<>();

	private final Map<String, AtomicInteger> sequences = new ConcurrentHashMap<>();

	private volatile boolean closed;

	/**
	 * Create a fixture running the binary chosen by {@link RedisBinaryLocator#locate()}.
	 */
	public RedisFixture() {
		this(RedisBinaryLocator.locate());
	}

	/**
	 * Create a fixture running the given binary.
	 * @param binary the redis-server to run
	 */
	public RedisFixture(RedisBinary binary) {
		this.binary = binary;
		if (announcedBinaries.add(binary)) {
			logger.info("Redis test servers run {}", binary);
		}
	}

	/**
	 * Return the binary every node of this fixture runs.
	 * @return the binary
	 */
	public RedisBinary binary() {
		return this.binary;
	}

	/**
	 * Return every node started by this fixture and not closed yet, in start order.
	 * @return the nodes
	 */
	public List<RedisNode> nodes() {
		return Collections.unmodifiableList(new ArrayList<>(this.nodes));
	}

	/**
	 * Start one standalone master.
	 * @return the running node
	 */
	public RedisNode standalone() {
		return masters(1).get(0);
	}

	/**
	 * Start one standalone master whose wall clock is offset from the machine's, see
	 * {@link RedisNode#clockOffset()}. Needs {@code gcc} and a dynamically linked
	 * redis-server.
	 * @param clockOffset how far the server's clock is ahead (negative: behind)
	 * @return the running node
	 */
	public RedisNode standalone(Duration clockOffset) {
		return masters(List.of(clockOffset)).get(0);
	}

	/**
	 * Start independent masters at once, for instance the N servers of a Redlock.
	 * @param count how many masters
	 * @return the running nodes
	 */
	public List<RedisNode> masters(int count) {
		if (count < 1) {
			throw new IllegalArgumentException("count must be positive");
		}
		return masters(Collections.nCopies(count, Duration.ZERO));
	}

	/**
	 * Start independent masters at once, one per clock offset, for instance a Redlock
	 * whose servers' clocks disagree. A zero offset starts a node with the machine's
	 * clock; any other needs {@code gcc} and a dynamically linked redis-server.
	 * @param clockOffsets how far each master's clock is ahead (negative: behind)
	 * @return the running nodes, in the order of the offsets
	 */
	public List<RedisNode> masters(List<Duration> clockOffsets) {
		if (clockOffsets.isEmpty()) {
			throw new IllegalArgumentException("clockOffsets must not be empty");
		}
		List<RedisNode> masters = new ArrayList<>();
		for (Duration clockOffset : clockOffsets) {
			masters.add(newNode("master", Mode.SERVER, List.of(), false, clockOffset));
		}
		RedisNode.startAll(masters);
		return List.copyOf(masters);
	}

	/**
	 * Start a master with replicas and wait until every replica is in sync.
	 * @param replicas how many replicas
	 * @return the running group
	 */
	public RedisReplicationGroup masterWithReplicas(int replicas) {
		requireNotNegative(replicas);
		return masterWithReplicas(Collections.nCopies(replicas, Duration.ZERO));
	}

	/**
	 * Start a master with one replica per clock offset and wait until every replica is in
	 * sync; the master keeps the machine's clock.
	 * @param replicaClockOffsets how far each replica's clock is ahead (negative: behind)
	 * @return the running group
	 */
	public RedisReplicationGroup masterWithReplicas(List<Duration> replicaClockOffsets) {
		return RedisReplicationGroup.start(this, replicaClockOffsets);
	}

	/**
	 * Start a master, replicas and sentinels monitoring the master as
	 * {@value RedisSentinelGroup#MASTER_NAME}.
	 * @param sentinels how many sentinels
	 * @param replicas how many replicas
	 * @return the running group, once every sentinel sees the master, the replicas and
	 * the other sentinels
	 */
	public RedisSentinelGroup sentinel(int sentinels, int replicas) {
		requireNotNegative(replicas);
		return sentinel(sentinels, Collections.nCopies(replicas, Duration.ZERO));
	}

	/**
	 * Start a master, one replica per clock offset, and sentinels monitoring the master
	 * as {@value RedisSentinelGroup#MASTER_NAME}; a failover to a replica whose clock is
	 * behind or ahead is then a sentinel failover like any other. The master and the
	 * sentinels keep the machine's clock.
	 * @param sentinels how many sentinels
	 * @param replicaClockOffsets how far each replica's clock is ahead (negative: behind)
	 * @return the running group, once every sentinel sees the master, the replicas and
	 * the other sentinels
	 */
	public RedisSentinelGroup sentinel(int sentinels, List<Duration> replicaClockOffsets) {
		return RedisSentinelGroup.start(this, sentinels, replicaClockOffsets);
	}

	/**
	 * Start a Redis Cluster.
	 * @param masters how many masters share the 16384 slots
	 * @param replicasPerMaster how many replicas each master gets
	 * @return the running cluster, once every node reports {@code cluster_state:ok}
	 */
	public RedisCluster cluster(int masters, int replicasPerMaster) {
		return RedisCluster.start(this, masters, replicasPerMaster);
	}

	/**
	 * Resume every paused node, then close every node, last started first. Failures are
	 * collected so that one stubborn node does not keep the others alive.
	 */
	@Override
	public void close() {
		this.closed = true;
		List<RedisNode> toClose = new ArrayList<>(this.nodes);
		Collections.reverse(toClose);
		RuntimeException failure = null;
		for (RedisNode node : toClose) {
			try {
				// Resume first: a Redis 7 master stopping gracefully waits for replicas
				// that lag behind, and a paused replica always lags.
				node.resume();
			}
			catch (RuntimeException ex) {
				failure = collect(failure, ex);
			}
		}
		for (RedisNode node : toClose) {
			try {
				node.close();
			}
			catch (RuntimeException ex) {
				failure = collect(failure, ex);
			}
			this.nodes.remove(node);
		}
		if (failure != null) {
			throw failure;
		}
	}

	/**
	 * Create a node owned by this fixture, not started yet.
	 * @param role readable role used to name the node
	 * @param mode data node or sentinel
	 * @param config configuration lines beyond the defaults
	 * @param clusterBus whether the node needs the cluster bus port
	 * @return the new node
	 */
	RedisNode newNode(String role, Mode mode, List<String> config, boolean clusterBus) {
		return newNode(role, mode, config, clusterBus, Duration.ZERO);
	}

	/**
	 * Create a node owned by this fixture, not started yet.
	 * @param role readable role used to name the node
	 * @param mode data node or sentinel
	 * @param config configuration lines beyond the defaults
	 * @param clusterBus whether the node needs the cluster bus port
	 * @param clockOffset how far the node's wall clock is ahead (negative: behind)
	 * @return the new node
	 */
	RedisNode newNode(String role, Mode mode, List<String> config, boolean clusterBus, Duration clockOffset) {
		if (this.closed) {
			throw new IllegalStateException("The fixture is closed");
		}
		String name = role + "-" + this.sequences.computeIfAbsent(role, (key) -> new AtomicInteger()).incrementAndGet();
		List<String> lines = new ArrayList<>();
		if (mode == Mode.SERVER) {
			lines.addAll(DATA_NODE_CONFIG);
		}
		lines.addAll(config);
		RedisNode node = new RedisNode(name, mode, this.binary, lines, clusterBus, clockOffset);
		this.nodes.add(node);
		return node;
	}

	private static void requireNotNegative(int replicas) {
		if (replicas < 0) {
			throw new IllegalArgumentException("replica count must not be negative");
		}
	}

	private static RuntimeException collect(RuntimeException failure, RuntimeException ex) {
		if (failure == null) {
			return ex;
		}
		failure.addSuppressed(ex);
		return failure;
	}

}
