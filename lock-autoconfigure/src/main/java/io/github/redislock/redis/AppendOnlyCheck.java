// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redis;

import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.function.Supplier;

import io.github.redislock.core.InvalidLockConfigurationException;
import org.jspecify.annotations.Nullable;

import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisConnectionFactory;

/**
 * With {@code redis-lock.replica-ack.fsync} every acquisition waits with {@code WAITAOF},
 * which a master before Redis 7.2, or one without an append-only file, refuses: start-up
 * stops rather than every acquisition failing. What cannot be read is left to them.
 *
 * @author redis-lock contributors
 */
final class AppendOnlyCheck {

	private static final int[] WAITAOF_SINCE = { 7, 2 };

	private AppendOnlyCheck() {
	}

	static void check(RedisConnectionFactory connectionFactory) {
		List<String> problems = new ArrayList<>();
		try (RedisConnection connection = connectionFactory.getConnection()) {
			// On Redis Cluster, each node's entries are named "host:port.<name>".
			read(() -> connection.serverCommands().info("server")).forEach((key, value) -> {
				if (String.valueOf(key).endsWith("redis_version") && olderThanWaitaof(String.valueOf(value))) {
					problems.add(server(String.valueOf(key), "redis_version") + " runs Redis " + value);
				}
			});
			read(() -> connection.serverCommands().getConfig("appendonly")).forEach((key, value) -> {
				if (String.valueOf(key).endsWith("appendonly") && "no".equalsIgnoreCase(String.valueOf(value))) {
					problems.add(server(String.valueOf(key), "appendonly") + " has appendonly no");
				}
			});
		}
		catch (RuntimeException ex) {
			return;
		}
		if (!problems.isEmpty()) {
			String where = EvictionPolicyCheck.describe(connectionFactory);
			throw new InvalidLockConfigurationException(
					"redis-lock.replica-ack.fsync waits for the append-only files "
							+ "(WAITAOF), which needs Redis 7.2 or later with appendonly yes, but on " + where + ": "
							+ String.join(", ", problems) + ". Every acquisition would fail.",
					"Upgrade " + where + " to Redis 7.2 or later and set appendonly yes on it and its replicas, or "
							+ "set redis-lock.replica-ack.fsync=false to wait for the replicas' memory only.");
		}
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

	private static String server(String key, String name) {
		return (key.length() > name.length()) ? key.substring(0, key.length() - name.length() - 1) : "the master";
	}

	private static boolean olderThanWaitaof(String version) {
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
