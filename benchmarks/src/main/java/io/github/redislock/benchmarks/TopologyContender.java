// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.benchmarks;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeoutException;

import io.github.redislock.core.DistributedLock;
import io.github.redislock.core.LockBackoff;
import io.github.redislock.engine.DefaultLockClient;
import io.github.redislock.redis.RedisLockStore;
import io.github.redislock.redlock.RedlockStore;
import io.github.redislock.store.LockStore;
import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisException;
import io.lettuce.core.RedisURI;
import io.lettuce.core.SocketOptions;
import io.lettuce.core.api.StatefulRedisConnection;

import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * Our {@code lock()} like {@code ours}, on a store that trades speed for surviving the
 * loss of a Redis: {@code ours-acks} waits for a replica to acknowledge each acquisition
 * ({@code redis-lock.replica-ack.replicas: 1}); {@code ours-redlock3} and
 * {@code ours-redlock5} take each lock on a majority of 3 or 5 independent masters
 * ({@code redis-lock.redlock}). Like {@code ours} it renews its lease, but waits with
 * {@code tryLock(10 s, 30 s, true)}, so that a failure to acquire ends the loop.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
final class TopologyContender implements Contender {

	static final String ACKS_ID = "ours-acks";

	static final String REDLOCK_3_ID = "ours-redlock3";

	static final String REDLOCK_5_ID = "ours-redlock5";

	static final String REDLOCK_5_PAUSED_ID = "ours-redlock5-paused";

	/** The node timeout of the Redlock contenders, the starter's default. */
	private static final Duration NODE_TIMEOUT = Duration.ofMillis(100);

	private final String id;

	private final AutoCloseable resources;

	private final DefaultLockClient client;

	private TopologyContender(String id, LockStore store, AutoCloseable resources) {
		this.id = id;
		this.resources = resources;
		this.client = new DefaultLockClient(store, LEASE, true, LockBackoff.DEFAULT, (event) -> {
		});
	}

	/**
	 * Create {@link #ACKS_ID}, on the run's server, which has a replica.
	 * @param port the port of the run's server
	 * @return the contender
	 */
	static TopologyContender acknowledged(int port) {
		if (BenchTopology.fromSystemProperties().replicaPort() == 0) {
			throw new IllegalStateException(ACKS_ID + " needs the run's server to have a replica");
		}
		LettuceConnectionFactory factory = new LettuceConnectionFactory(
				new RedisStandaloneConfiguration(BenchServer.HOST, port));
		factory.afterPropertiesSet();
		factory.start();
		RedisLockStore store = new RedisLockStore(new StringRedisTemplate(factory), "bench:" + ACKS_ID + ":", 1,
				Duration.ofSeconds(1), false);
		return new TopologyContender(ACKS_ID, store, () -> {
			store.close();
			factory.destroy();
		});
	}

	/**
	 * Create a Redlock contender, on the run's server and independent masters beside it.
	 * @param id {@link #REDLOCK_3_ID} or {@link #REDLOCK_5_ID}
	 * @param port the port of the run's server
	 * @return the contender
	 */
	static TopologyContender redlock(String id, int port) {
		int size = REDLOCK_3_ID.equals(id) ? 3 : 5;
		List<String> nodes = BenchTopology.fromSystemProperties()
			.redlockPorts(port, size)
			.stream()
			.map((node) -> "redis://" + BenchServer.HOST + ":" + node)
			.toList();
		RedlockStore store = RedlockStore.connect(nodes, "bench:" + id + ":", NODE_TIMEOUT, 0.01);
		return new TopologyContender(id, store, store);
	}

	/**
	 * Create {@link #REDLOCK_5_PAUSED_ID}: a Redlock of 5 like {@link #REDLOCK_5_ID}'s,
	 * whose fifth master, its own, is paused (SIGSTOP) once connected and resumed when
	 * the contender closes. For the uncontended scenarios a and b, which run in one JVM:
	 * the JVM that finds the master paused already (the child) leaves it to the other.
	 * @param port the port of the run's server
	 * @return the contender
	 */
	static TopologyContender pausedRedlock(int port) {
		BenchTopology topology = BenchTopology.fromSystemProperties();
		if (topology.masterPorts().size() < 5) {
			throw new IllegalStateException(REDLOCK_5_PAUSED_ID + " needs 5 masters beside the run's server");
		}
		List<Integer> ports = new ArrayList<>(topology.redlockPorts(port, 4));
		int pausedPort = topology.masterPorts().get(4);
		ports.add(pausedPort);
		List<String> nodes = ports.stream().map((node) -> "redis://" + BenchServer.HOST + ":" + node).toList();
		RedlockStore store = RedlockStore.connect(nodes, "bench:" + REDLOCK_5_PAUSED_ID + ":", NODE_TIMEOUT, 0.01);
		long pid = processId(pausedPort);
		if (pid > 0) {
			signal("STOP", pid);
		}
		return new TopologyContender(REDLOCK_5_PAUSED_ID, store, () -> {
			if (pid > 0) {
				signal("CONT", pid);
			}
			store.close();
		});
	}

	/**
	 * Return the process id of the master on the given port, or {@code -1} if it does not
	 * answer within a second: paused already.
	 */
	private static long processId(int port) {
		RedisURI uri = RedisURI.create(BenchServer.HOST, port);
		uri.setTimeout(Duration.ofSeconds(1));
		RedisClient client = RedisClient.create(uri);
		client.setOptions(ClientOptions.builder()
			.socketOptions(SocketOptions.builder().connectTimeout(Duration.ofSeconds(1)).build())
			.build());
		try (StatefulRedisConnection<String, String> connection = client.connect()) {
			String info = connection.sync().info("server");
			return info.lines()
				.filter((line) -> line.startsWith("process_id:"))
				.map((line) -> Long.parseLong(line.substring("process_id:".length()).trim()))
				.findFirst()
				.orElseThrow(() -> new IllegalStateException("No process_id in INFO of port " + port));
		}
		catch (RedisException ex) {
			return -1;
		}
		finally {
			client.shutdown();
		}
	}

	private static void signal(String signal, long pid) {
		try {
			int exit = new ProcessBuilder("kill", "-" + signal, Long.toString(pid)).inheritIO().start().waitFor();
			if (exit != 0) {
				throw new IllegalStateException("kill -" + signal + " " + pid + " exited with " + exit);
			}
		}
		catch (IOException ex) {
			throw new IllegalStateException("Could not send SIG" + signal + " to " + pid, ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("Interrupted sending SIG" + signal + " to " + pid, ex);
		}
	}

	@Override
	public String id() {
		return this.id;
	}

	@Override
	public void locked(String key, Runnable section) throws Exception {
		DistributedLock lock = this.client.getLock(key);
		if (!lock.tryLock(MAX_WAIT, LEASE, true)) {
			throw new TimeoutException("Lock '" + key + "' not acquired within " + MAX_WAIT);
		}
		Contender.runHolding(lock, section);
	}

	@Override
	public void close() throws Exception {
		this.client.close();
		this.resources.close();
	}

}
