// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.actuate;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import io.github.redislock.autoconfigure.RedisLockAutoConfiguration;
import io.github.redislock.engine.DefaultLockClient;
import io.github.redislock.redis.RedisLockStore;
import io.github.redislock.store.LockStore;

/**
 * Auto-configuration of what the starter shows Spring Boot Actuator, when the lock client
 * is the starter's: the {@code locks} endpoint, made only when the application exposes
 * it, and the {@code redisLock} health contribution on Spring Boot 3's or 4's health API
 * (see {@link RedisLockHealthIndicator}), which
 * {@code management.health.redislock.enabled} turns off.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
@AutoConfiguration(after = RedisLockAutoConfiguration.class)
@ConditionalOnClass(name = { "org.springframework.boot.actuate.endpoint.annotation.Endpoint",
		"org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint" })
@ConditionalOnBean(DefaultLockClient.class)
public final class RedisLockActuatorAutoConfiguration {

	private static final String HEALTH_INDICATOR = "redisLockHealthIndicator";

	@Bean
	@ConditionalOnMissingBean
	@ConditionalOnAvailableEndpoint(LocksEndpoint.class)
	LocksEndpoint redisLocksEndpoint(DefaultLockClient client, ObjectProvider<LockStore> stores) {
		LockStore store = stores.getIfAvailable();
		RedisLockStore redisStore = (store instanceof RedisLockStore redis) ? redis : null;
		return new LocksEndpoint(client, (name) -> (redisStore != null) ? redisStore.lockKey(name) : null);
	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(name = RedisLockHealthIndicator.BOOT3_PACKAGE + ".HealthIndicator")
	@ConditionalOnProperty(name = "management.health.redislock.enabled", havingValue = "true", matchIfMissing = true)
	static class Boot3HealthConfiguration {

		@Bean(HEALTH_INDICATOR)
		@ConditionalOnMissingBean(name = HEALTH_INDICATOR)
		static RedisLockHealthIndicator redisLockHealthIndicator(ObjectProvider<DefaultLockClient> client) {
			return new RedisLockHealthIndicator(() -> new RedisLockHealth(client.getObject()),
					RedisLockHealthIndicator.BOOT3_PACKAGE);
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(name = RedisLockHealthIndicator.BOOT4_PACKAGE + ".HealthIndicator")
	@ConditionalOnProperty(name = "management.health.redislock.enabled", havingValue = "true", matchIfMissing = true)
	static class Boot4HealthConfiguration {

		@Bean(HEALTH_INDICATOR)
		@ConditionalOnMissingBean(name = HEALTH_INDICATOR)
		static RedisLockHealthIndicator redisLockHealthIndicator(ObjectProvider<DefaultLockClient> client) {
			return new RedisLockHealthIndicator(() -> new RedisLockHealth(client.getObject()),
					RedisLockHealthIndicator.BOOT4_PACKAGE);
		}

	}

}
