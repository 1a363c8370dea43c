// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redis;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.function.Supplier;

import io.github.redislock.core.InvalidLockConfigurationException;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisConnectionFactory;

/**
 * Under replica acknowledgement a master that cannot acknowledge fails every acquisition:
 * without {@code WAITAOF} (before Redis 7.2) or an append-only file, start-up stops; with
 * fewer replicas than asked for it warns, as replicas may connect later. What cannot be
 * read is left to the acquisitions, whose failures say what is missing.
 *
 * @author redis-lock contributors
 */
final class ReplicaAckCheck {

	private static final Logger logger = LoggerFactory.getLogger(ReplicaAckCheck.class);

	private static final int[] WAITAOF_SINCE = { 7, 2 };

	private ReplicaAckCheck() {
	}

	static void check(RedisConnectionFactory connectionFactory, ReplicaAcknowledgement acknowledgement) {
		Map<String, Properties> nodes;
		try (RedisConnection connection = connectionFactory.getConnection()) {
			nodes = byNode(read(() -> connection.serverCommands().info("server")),
					read(() -> connection.serverCommands().info("replication")), acknowledgement.fsync()
							? read(() -> connection.serverCommands().getConfig("appendonly")) : new Properties());
		}
		catch (RuntimeException ex) {
			return;
		}
		String where = EvictionPolicyCheck.describe(connectionFactory);
		List<String> unable = new ArrayList<>();
		List<String> missing = new ArrayList<>();
		nodes.forEach((node, info) -> {
			String server = node.isEmpty() ? "the master" : node;
			if (acknowledgement.fsync() && olderThanWaitaof(info.getProperty("redis_version"))) {
				unable.add(server + " runs Redis " + info.getProperty("redis_version"));
			}
			if (acknowledgement.fsync() && "no".equalsIgnoreCase(info.getProperty("appendonly"))) {
				unable.add(server + " has appendonly no");
			}
			String replicas = info.getProperty("connected_slaves");
			if ("master".equals(info.getProperty("role")) && replicas != null
					&& Integer.parseInt(replicas.trim()) < acknowledgement.replicas()) {
				missing.add(server + " has " + replicas.trim());
			}
		});
		if (!unable.isEmpty()) {
			throw new InvalidLockConfigurationException(
					"redis-lock.replica-ack.fsync waits for the append-only files "
							+ "(WAITAOF), which needs Redis 7.2 or later with appendonly yes, but on " + where + ": "
							+ String.join(", ", unable) + ". Every acquisition would fail.",
					"Upgrade " + where + " to Redis 7.2 or later and set appendonly yes on it and its replicas, or "
							+ "set redis-lock.replica-ack.fsync=false to wait for the replicas' memory only.");
		}
		if (!missing.isEmpty()) {
			logger.warn(
					"redis-lock.replica-ack.replicas is {}, but on {} {} connected: every acquisition fails until "
							+ "that many replicas acknowledge",
					acknowledgement.replicas(), where, String.join(", ", missing));
		}
	}

	/** On Redis Cluster, each node's entries are named {@code host:port.<name>}. */
	private static Map<String, Properties> byNode(Properties... replies) {
		Map<String, Properties> nodes = new TreeMap<>();
		for (Properties reply : replies) {
			reply.forEach((key, value) -> {
				String name = String.valueOf(key);
				int dot = name.lastIndexOf('.');
				String node = (dot > 0 && name.lastIndexOf(':', dot) > 0) ? name.substring(0, dot) : "";
				nodes.computeIfAbsent(node, (n) -> new Properties())
					.setProperty(name.substring(node.isEmpty() ? 0 : dot + 1), String.valueOf(value));
			});
		}
		return nodes;
	}

	private static Properties read(Supplier<@Nullable Properties> command) {
		try {
			Properties properties = command.get();
			return (properties != null) ? properties : new Properties();
		}
		catch (RuntimeException ex) {
			return new Properties();
		}
	}

	private static boolean olderThanWaitaof(@Nullable String version) {
		if (version == null) {
			return false;
		}
		String[] parts = version.trim().split("\\.");
		try {
			int major = Integer.parseInt(parts[0]);
			int minor = (parts.length > 1) ? Integer.parseInt(parts[1]) : 0;
			return (major != WAITAOF_SINCE[0]) ? major < WAITAOF_SINCE[0] : minor < WAITAOF_SINCE[1];
		}
		catch (NumberFormatException ex) {
			return false;
		}
	}

}
