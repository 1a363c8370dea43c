// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redis;

import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.function.Supplier;
import java.util.stream.Collectors;

import io.github.redislock.core.InvalidLockConfigurationException;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.core.NestedExceptionUtils;
import org.springframework.data.redis.connection.RedisClusterConnection;
import org.springframework.data.redis.connection.RedisClusterNode;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.connection.RedisSentinelConfiguration;
import org.springframework.data.redis.connection.jedis.JedisConnectionFactory;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.util.ClassUtils;

/**
 * Reads {@code maxmemory-policy} and {@code maxmemory} of every master keeping locks at
 * start-up, and refuses or warns as the caller asks: every lock key has an expiry, so
 * {@code volatile-*} policies evict them too. A server without a limit, or whose settings
 * cannot be read, is only warned about.
 *
 * @author redis-lock contributors
 */
final class EvictionPolicyCheck {

	private static final Logger logger = LoggerFactory.getLogger(EvictionPolicyCheck.class);

	private static final String NO_EVICTION = "noeviction";

	private static final boolean LETTUCE = ClassUtils.isPresent("io.lettuce.core.RedisClient",
			EvictionPolicyCheck.class.getClassLoader());

	private static final boolean JEDIS = ClassUtils.isPresent("redis.clients.jedis.Jedis",
			EvictionPolicyCheck.class.getClassLoader());

	private EvictionPolicyCheck() {
	}

	/**
	 * Checks the masters of one or more deployments, such as Redlock nodes; throws
	 * {@link InvalidLockConfigurationException} when {@code refuse} is set and a master
	 * with a {@code maxmemory} limit can evict lock keys.
	 */
	static void check(boolean refuse, List<RedisConnectionFactory> connectionFactories) {
		List<ServerPolicy> refused = new ArrayList<>();
		List<ServerPolicy> warned = new ArrayList<>();
		List<ServerPolicy> unread = new ArrayList<>();
		for (ServerPolicy policy : connectionFactories.stream().flatMap((factory) -> read(factory).stream()).toList()) {
			if (policy.policy() == null) {
				unread.add(policy);
			}
			else if (policy.evicts()) {
				((refuse && policy.maxmemory() != 0) ? refused : warned).add(policy);
			}
		}
		if (!unread.isEmpty()) {
			logger.warn("Could not read maxmemory-policy of {}. Check by hand that each master and replica that "
					+ "keeps locks has maxmemory-policy noeviction (or no maxmemory): any other policy can evict "
					+ "a held lock's key when memory fills, and another instance then takes the lock while its "
					+ "holder still runs. To let the starter check, allow CONFIG GET (ACL +config|get); to skip "
					+ "the check, set redis-lock.eviction-check=off.", describe(unread));
		}
		if (!warned.isEmpty()) {
			boolean limited = warned.stream().anyMatch((policy) -> policy.maxmemory() != 0);
			logger.warn("{} can evict lock keys: every lock key has an expiry, so a held lock's key can be evicted "
					+ "when memory fills{}, and another instance then takes the lock while its holder still runs. "
					+ "Set maxmemory-policy noeviction, or keep locks in a Redis of their own.", describe(warned),
					limited ? "" : " (once a maxmemory limit is set)");
		}
		if (!refused.isEmpty()) {
			throw new InvalidLockConfigurationException(describe(refused)
					+ " can evict lock keys when memory fills: every "
					+ "lock key has an expiry, so a held lock's key can be evicted, and another instance then takes "
					+ "the lock while its holder still runs. Set maxmemory-policy noeviction on "
					+ ((refused.size() == 1) ? "that server" : "those servers")
					+ " (CONFIG SET maxmemory-policy noeviction, and in its configuration), or keep locks in a "
					+ "Redis of their own; to start anyway, set redis-lock.eviction-check=warn.",
					"Set maxmemory-policy to noeviction on "
							+ refused.stream().map(ServerPolicy::server).collect(Collectors.joining(", "))
							+ " (CONFIG SET maxmemory-policy noeviction, and in the server's configuration so that it "
							+ "survives a restart; on replicas too), or keep locks in a Redis of their own "
							+ "(redis-lock.connection-factory or redis-lock.redlock.nodes). To start anyway and accept "
							+ "that a lock can be lost, set redis-lock.eviction-check=warn.");
		}
	}

	private static String describe(List<ServerPolicy> policies) {
		return policies.stream().map(ServerPolicy::toString).collect(Collectors.joining(", "));
	}

	private static List<ServerPolicy> read(RedisConnectionFactory connectionFactory) {
		String deployment = describe(connectionFactory);
		RedisConnection connection;
		try {
			connection = connectionFactory.getConnection();
		}
		catch (RuntimeException ex) {
			return List.of(ServerPolicy.unread(deployment, ex));
		}
		try {
			if (connection instanceof RedisClusterConnection cluster) {
				List<ServerPolicy> policies = new ArrayList<>();
				for (RedisClusterNode node : cluster.clusterGetNodes()) {
					if (node.isMaster()) {
						policies.add(read("Redis Cluster master " + node.asString(),
								() -> cluster.serverCommands().getConfig(node, "maxmemory*")));
					}
				}
				return policies;
			}
			return List.of(read(deployment, () -> connection.serverCommands().getConfig("maxmemory*")));
		}
		catch (RuntimeException ex) {
			return List.of(ServerPolicy.unread(deployment, ex));
		}
		finally {
			connection.close();
		}
	}

	private static ServerPolicy read(String server, Supplier<@Nullable Properties> configGet) {
		try {
			Properties config = configGet.get();
			if (config == null || config.getProperty("maxmemory-policy") == null) {
				return new ServerPolicy(server, null, 0, "CONFIG GET returned no maxmemory-policy");
			}
			return new ServerPolicy(server, config.getProperty("maxmemory-policy"),
					Long.parseLong(config.getProperty("maxmemory", "0").trim()), null);
		}
		catch (RuntimeException ex) {
			return ServerPolicy.unread(server, ex);
		}
	}

	/** The server's address or Sentinel master name, never its password. */
	static String describe(RedisConnectionFactory connectionFactory) {
		if (LETTUCE && connectionFactory instanceof LettuceConnectionFactory lettuce) {
			return lettuce.isRedisSentinelAware() ? describe(lettuce.getSentinelConfiguration())
					: "Redis at " + lettuce.getHostName() + ":" + lettuce.getPort();
		}
		if (JEDIS && connectionFactory instanceof JedisConnectionFactory jedis) {
			return jedis.isRedisSentinelAware() ? describe(jedis.getSentinelConfiguration())
					: "Redis at " + jedis.getHostName() + ":" + jedis.getPort();
		}
		return "Redis of " + connectionFactory;
	}

	private static String describe(@Nullable RedisSentinelConfiguration sentinel) {
		if (sentinel == null || sentinel.getMaster() == null) {
			return "Redis Sentinel master";
		}
		return "Redis Sentinel master '" + sentinel.getMaster().getName() + "'";
	}

	/**
	 * What one master said: {@code policy} is {@code null} when it could not be read, and
	 * {@code error} then says why; {@code maxmemory} 0 means no limit.
	 */
	private record ServerPolicy(String server, @Nullable String policy, long maxmemory, @Nullable String error) {

		static ServerPolicy unread(String server, RuntimeException ex) {
			Throwable cause = NestedExceptionUtils.getMostSpecificCause(ex);
			return new ServerPolicy(server, null, 0, String.valueOf(cause.getMessage()));
		}

		boolean evicts() {
			return this.policy != null && !NO_EVICTION.equalsIgnoreCase(this.policy);
		}

		@Override
		public String toString() {
			if (this.policy == null) {
				return this.server + " (" + this.error + ")";
			}
			return this.server + " (maxmemory-policy " + this.policy + ", maxmemory "
					+ ((this.maxmemory == 0) ? "0, no limit" : this.maxmemory + " bytes") + ")";
		}

	}

}
