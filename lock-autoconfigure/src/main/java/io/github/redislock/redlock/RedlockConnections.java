// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redlock;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

import io.github.redislock.redis.RedisLockStore;
import io.lettuce.core.ClientOptions;
import io.lettuce.core.TimeoutOptions;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceClientConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceClientConfiguration.LettuceClientConfigurationBuilder;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * The Lettuce connections of a Redlock's nodes, set up from each URL and the caller's
 * client configuration (Spring Boot's customizers, client resources and SSL bundle), with
 * the node timeout as command timeout.
 *
 * @author redis-lock contributors
 */
final class RedlockConnections implements AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(RedlockConnections.class);

	/** How long start-up waits for the nodes to answer a first time. */
	private static final Duration WARM_UP = Duration.ofSeconds(5);

	private static final Duration RETRY_PAUSE = Duration.ofMillis(50);

	/** A lock name and owner that no application uses. */
	private static final String WARM_UP_LOCK = "redis-lock:redlock-warm-up";

	final List<LettuceConnectionFactory> factories;

	private final List<RedisLockStore> stores;

	private final List<String> names;

	private RedlockConnections(List<LettuceConnectionFactory> factories, List<RedisLockStore> stores,
			List<String> names) {
		this.factories = factories;
		this.stores = stores;
		this.names = names;
	}

	/**
	 * Connects to the nodes and builds a store on each whose waiters never queue;
	 * {@code clientConfiguration} applies after what each URL says.
	 */
	static RedlockConnections connect(List<RedlockNode> nodes, String keyPrefix, Duration nodeTimeout,
			Consumer<LettuceClientConfigurationBuilder> clientConfiguration) {
		List<LettuceConnectionFactory> factories = new ArrayList<>();
		List<RedisLockStore> stores = new ArrayList<>();
		List<String> names = new ArrayList<>();
		RedlockConnections connections = new RedlockConnections(factories, stores, names);
		try {
			for (RedlockNode node : nodes) {
				LettuceConnectionFactory factory = connectionFactory(node, nodeTimeout, clientConfiguration);
				factories.add(factory);
				stores.add(new RedisLockStore(new StringRedisTemplate(factory), keyPrefix, false));
				names.add(node.address());
			}
			connections.warmUp();
			return connections;
		}
		catch (RuntimeException ex) {
			connections.close();
			throw ex;
		}
	}

	private static LettuceConnectionFactory connectionFactory(RedlockNode node, Duration nodeTimeout,
			Consumer<LettuceClientConfigurationBuilder> clientConfiguration) {
		LettuceClientConfigurationBuilder client = LettuceClientConfiguration.builder();
		// TLS, peer verification, StartTLS and client name, as the URL says.
		client.apply(node.uri());
		clientConfiguration.accept(client);
		// Whatever the customizations: a silent node frees its caller in the node
		// timeout, and a node that is down fails its calls at once, since a replayed
		// acquisition would take the lock long after the majority decided without it.
		client.commandTimeout(nodeTimeout);
		ClientOptions options = client.build().getClientOptions().orElseGet(ClientOptions::create);
		client.clientOptions(options.mutate()
			.disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS)
			.timeoutOptions(TimeoutOptions.enabled())
			.build());
		LettuceConnectionFactory factory = new LettuceConnectionFactory(
				(RedisStandaloneConfiguration) LettuceConnectionFactory.createRedisConfiguration(node.uri()),
				client.build());
		factory.afterPropertiesSet();
		factory.start();
		return factory;
	}

	/**
	 * Connects in parallel and runs a script on each connection, so that the first
	 * acquisition does not spend its node timeout connecting. Two nodes answering with
	 * one server's run id would count as two votes of a majority: refused. A cold start
	 * can take longer than the node timeout, so each node is asked until it answers.
	 */
	private void warmUp() {
		List<CompletableFuture<?>> pings = new ArrayList<>();
		AtomicReferenceArray<String> runIds = new AtomicReferenceArray<>(this.stores.size());
		long deadline = System.nanoTime() + WARM_UP.toNanos();
		for (int i = 0; i < this.stores.size(); i++) {
			RedisLockStore store = this.stores.get(i);
			LettuceConnectionFactory factory = this.factories.get(i);
			int node = i;
			pings.add(CompletableFuture.runAsync(() -> {
				runIds.set(node, runId(factory, deadline));
				store.renew(WARM_UP_LOCK, WARM_UP_LOCK, WARM_UP);
			}));
			if (store.isNonBlocking()) {
				// The asynchronous calls have a connection of their own.
				pings.add(CompletableFuture.runAsync(
						() -> store.renewAsync(WARM_UP_LOCK, WARM_UP_LOCK, WARM_UP).toCompletableFuture().join()));
			}
		}
		try {
			CompletableFuture.allOf(pings.toArray(CompletableFuture[]::new))
				.get(WARM_UP.toMillis() + 1000, TimeUnit.MILLISECONDS);
		}
		catch (ExecutionException | TimeoutException ex) {
			// A node that stays silent is named below; the others warmed up.
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		refuseOneServerUnderTwoNames(runIds);
	}

	private void refuseOneServerUnderTwoNames(AtomicReferenceArray<String> runIds) {
		Map<String, Integer> seen = new HashMap<>();
		List<String> unread = new ArrayList<>();
		for (int i = 0; i < runIds.length(); i++) {
			String runId = runIds.get(i);
			if (runId == null) {
				unread.add(this.names.get(i));
				continue;
			}
			Integer other = seen.putIfAbsent(runId, i);
			if (other != null) {
				throw new IllegalArgumentException("Redlock nodes " + this.names.get(other) + " and "
						+ this.names.get(i) + " are one Redis server (run_id " + runId
						+ "): the nodes of a Redlock must be independent masters");
			}
		}
		if (!unread.isEmpty()) {
			logger.warn("Redlock nodes {} did not answer within {} s at start-up, so they could not be checked to be "
					+ "servers of their own: two node URLs that name one server would count as two votes of a "
					+ "majority", unread, WARM_UP.toSeconds());
		}
	}

	/** Asked again until the deadline while the node does not answer. */
	private static @Nullable String runId(LettuceConnectionFactory factory, long deadline) {
		while (true) {
			try (RedisConnection connection = factory.getConnection()) {
				Properties server = connection.serverCommands().info("server");
				return (server != null) ? server.getProperty("run_id") : null;
			}
			catch (RuntimeException ex) {
				if (System.nanoTime() - deadline >= 0) {
					return null;
				}
				LockSupport.parkNanos(RETRY_PAUSE.toNanos());
			}
		}
	}

	/** A Redlock on these connections, which it closes when it closes. */
	RedlockStore store(Duration nodeTimeout, double driftFactor) {
		return new RedlockStore(this.stores, this.names, nodeTimeout, driftFactor, this, null);
	}

	@Override
	public void close() {
		for (RedisLockStore store : this.stores) {
			store.close();
		}
		for (LettuceConnectionFactory factory : this.factories) {
			factory.destroy();
		}
	}

}
