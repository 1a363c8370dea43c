// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.torture.supervisor;

import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisFuture;
import io.lettuce.core.RedisURI;
import io.lettuce.core.SocketOptions;
import io.lettuce.core.TimeoutOptions;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.protocol.ProtocolVersion;
import io.lettuce.core.sentinel.api.StatefulRedisSentinelConnection;
import org.jspecify.annotations.Nullable;

import io.github.redislock.testsupport.RedisNode;
import io.github.redislock.testsupport.RedisSentinelGroup;

/**
 * What the Sentinels and the data nodes of a group say, asked all at once over
 * connections of its own with a short timeout, so that a paused or killed node costs one
 * look a fraction of a second and no more.
 *
 * @author redis-lock contributors
 */
final class SentinelLooks implements FailoverWatch.Source {

	private static final Duration TIMEOUT = Duration.ofMillis(200);

	private static final Set<String> UNSETTLED = Set.of("s_down", "o_down", "failover_in_progress");

	private final RedisSentinelGroup group;

	private final RedisClient client;

	private final Map<RedisNode, StatefulRedisSentinelConnection<String, String>> sentinels = new HashMap<>();

	private final Map<RedisNode, StatefulRedisConnection<String, String>> nodes = new HashMap<>();

	SentinelLooks(RedisSentinelGroup group) {
		this.group = group;
		this.client = RedisClient.create();
		this.client.setOptions(ClientOptions.builder()
			.protocolVersion(ProtocolVersion.RESP2)
			.disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS)
			.socketOptions(SocketOptions.builder().connectTimeout(TIMEOUT).build())
			.timeoutOptions(TimeoutOptions.enabled(TIMEOUT))
			.build());
	}

	@Override
	public FailoverWatch.View look() {
		Map<RedisNode, RedisFuture<SocketAddress>> named = new LinkedHashMap<>();
		Map<RedisNode, RedisFuture<Map<String, String>>> states = new LinkedHashMap<>();
		for (RedisNode sentinel : this.group.sentinels()) {
			StatefulRedisSentinelConnection<String, String> connection = sentinel(sentinel);
			if (connection != null) {
				named.put(sentinel, connection.async().getMasterAddrByName(this.group.masterName()));
				states.put(sentinel, connection.async().master(this.group.masterName()));
			}
		}
		Map<RedisNode, RedisFuture<String>> replication = new LinkedHashMap<>();
		for (RedisNode node : this.group.dataNodes()) {
			StatefulRedisConnection<String, String> connection = node(node);
			if (connection != null) {
				replication.put(node, connection.async().info("replication"));
			}
		}
		Set<String> masters = new LinkedHashSet<>();
		replication.forEach((node, info) -> {
			String reply = answer(info);
			if (reply != null && reply.contains("role:master")) {
				masters.add(node.address());
			}
		});
		Set<String> namedMasters = new LinkedHashSet<>();
		named.forEach((sentinel, address) -> {
			if (answer(address) instanceof InetSocketAddress socket) {
				namedMasters.add(RedisNode.HOST + ":" + socket.getPort());
			}
		});
		boolean unsettled = false;
		for (RedisFuture<Map<String, String>> state : states.values()) {
			Map<String, String> master = answer(state);
			if (master != null) {
				for (String flag : master.getOrDefault("flags", "").split(",")) {
					unsettled |= UNSETTLED.contains(flag);
				}
			}
		}
		return new FailoverWatch.View(namedMasters, masters, unsettled);
	}

	private static <T> @Nullable T answer(RedisFuture<T> future) {
		try {
			return future.get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return null;
		}
		catch (Exception ex) {
			return null;
		}
	}

	private @Nullable StatefulRedisSentinelConnection<String, String> sentinel(RedisNode sentinel) {
		StatefulRedisSentinelConnection<String, String> connection = this.sentinels.get(sentinel);
		if (connection == null) {
			try {
				connection = this.client.connectSentinel(uri(sentinel));
				this.sentinels.put(sentinel, connection);
			}
			catch (RuntimeException ex) {
				return null;
			}
		}
		return connection;
	}

	private @Nullable StatefulRedisConnection<String, String> node(RedisNode node) {
		StatefulRedisConnection<String, String> connection = this.nodes.get(node);
		if (connection == null) {
			try {
				connection = this.client.connect(uri(node));
				this.nodes.put(node, connection);
			}
			catch (RuntimeException ex) {
				return null;
			}
		}
		return connection;
	}

	private static RedisURI uri(RedisNode node) {
		return RedisURI.builder().withHost(RedisNode.HOST).withPort(node.port()).withTimeout(TIMEOUT).build();
	}

	@Override
	public Duration clockOffset(String address) {
		for (RedisNode node : this.group.dataNodes()) {
			if (node.address().equals(address)) {
				return node.clockOffset();
			}
		}
		return Duration.ZERO;
	}

	@Override
	public void close() {
		this.sentinels.values().forEach(StatefulRedisSentinelConnection::close);
		this.nodes.values().forEach(StatefulRedisConnection::close);
		this.client.shutdown(Duration.ZERO, Duration.ofSeconds(2));
	}

}
