// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.autoconfigure;

import java.time.Duration;

import org.jspecify.annotations.Nullable;

import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.connection.jedis.JedisConnectionFactory;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.util.ClassUtils;

/**
 * Refuses a replica acknowledgement timeout that is not shorter than the Redis client's
 * command timeout: the client would give up on {@code WAIT} first, with a timeout that
 * says nothing of replicas, and stall the connection the application shares.
 *
 * @author redis-lock contributors
 */
final class ReplicaAckTimeoutCheck {

	private static final boolean LETTUCE = ClassUtils.isPresent("io.lettuce.core.RedisClient",
			ReplicaAckTimeoutCheck.class.getClassLoader());

	private static final boolean JEDIS = ClassUtils.isPresent("redis.clients.jedis.Jedis",
			ReplicaAckTimeoutCheck.class.getClassLoader());

	private ReplicaAckTimeoutCheck() {
	}

	static void check(RedisLockProperties properties, RedisConnectionFactory connectionFactory) {
		if (properties.getReplicaAck().getReplicas() == 0) {
			return;
		}
		Duration commandTimeout = commandTimeout(connectionFactory);
		Duration ackTimeout = properties.getReplicaAck().getTimeout();
		if (commandTimeout != null && ackTimeout.compareTo(commandTimeout) >= 0) {
			throw new InvalidConfigurationPropertyValueException("redis-lock.replica-ack.timeout", ackTimeout,
					"it must be shorter than the Redis command timeout (" + commandTimeout
							+ ", spring.data.redis.timeout), or the client gives up on WAIT before the replicas "
							+ "can answer");
		}
	}

	private static @Nullable Duration commandTimeout(RedisConnectionFactory connectionFactory) {
		if (LETTUCE && connectionFactory instanceof LettuceConnectionFactory lettuce) {
			return lettuce.getClientConfiguration().getCommandTimeout();
		}
		if (JEDIS && connectionFactory instanceof JedisConnectionFactory jedis) {
			return Duration.ofMillis(jedis.getTimeout());
		}
		return null;
	}

}
