// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.actuate;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import io.github.redislock.autoconfigure.RedisLockAutoConfiguration;
import io.github.redislock.engine.DefaultLockClient;
import io.github.redislock.interceptor.JobRuns;
import io.github.redislock.store.LockStore;

/**
 * Auto-configuration of what the starter shows Spring Boot Actuator, when the lock client
 * is the starter's: the {@code locks} endpoint, read-only unless its access is raised,
 * and the {@code redisLock} health indicator on Spring Boot 3's or 4's health API.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
@AutoConfiguration(after = RedisLockAutoConfiguration.class)
@ConditionalOnClass(name = { "org.springframework.boot.actuate.endpoint.annotation.Endpoint",
		"org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint" })
@ConditionalOnBean(DefaultLockClient.class)
@EnableConfigurationProperties(LocksEndpointProperties.class)
public final class RedisLockActuatorAutoConfiguration {

	private static final String HEALTH_INDICATOR = "redisLockHealthIndicator";

	private static final String HEALTH_CONTRIBUTOR = "redisLockHealthContributor";

	/** Spring Boot's endpoint access levels, from 3.4 on. */
	private static final String ACCESS = "org.springframework.boot.actuate.endpoint.Access";

	/**
	 * Boot filters the release operation out unless the endpoint's access is
	 * unrestricted.
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(name = ACCESS)
	static class AccessLevelsEndpointConfiguration {

		@Bean
		@ConditionalOnMissingBean(LocksEndpoint.class)
		@ConditionalOnAvailableEndpoint(LocksEndpoint.class)
		LocksEndpoint.Releasing redisLocksEndpoint(DefaultLockClient client, ObjectProvider<LockStore> stores,
				LocksEndpointProperties properties, ObjectProvider<JobRuns> jobRuns) {
			return new LocksEndpoint.Releasing(client, stores.getIfAvailable(), properties, jobRuns.getIfAvailable());
		}

	}

	/**
	 * Spring Boot 3.3 has no access levels: the release is there only when the 3.4 access
	 * property asks for it.
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnMissingClass(ACCESS)
	static class EnabledFlagEndpointConfiguration {

		@Bean
		@ConditionalOnMissingBean(LocksEndpoint.class)
		@ConditionalOnAvailableEndpoint(LocksEndpoint.class)
		@ConditionalOnProperty(name = "management.endpoint.locks.access", havingValue = "unrestricted")
		LocksEndpoint.Releasing redisReleasingLocksEndpoint(DefaultLockClient client, ObjectProvider<LockStore> stores,
				LocksEndpointProperties properties, ObjectProvider<JobRuns> jobRuns) {
			return new LocksEndpoint.Releasing(client, stores.getIfAvailable(), properties, jobRuns.getIfAvailable());
		}

		@Bean
		@ConditionalOnMissingBean
		@ConditionalOnAvailableEndpoint(LocksEndpoint.class)
		LocksEndpoint redisLocksEndpoint(DefaultLockClient client, ObjectProvider<LockStore> stores,
				LocksEndpointProperties properties, ObjectProvider<JobRuns> jobRuns) {
			return new LocksEndpoint(client, stores.getIfAvailable(), properties, jobRuns.getIfAvailable());
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(name = "org.springframework.boot.actuate.health.HealthIndicator")
	@org.springframework.boot.actuate.autoconfigure.health.ConditionalOnEnabledHealthIndicator("redislock")
	static class Boot3HealthConfiguration {

		@Bean(HEALTH_INDICATOR)
		@ConditionalOnMissingBean(name = { HEALTH_INDICATOR, HEALTH_CONTRIBUTOR })
		static Boot3RedisLockHealthIndicator redisLockHealthIndicator(DefaultLockClient client) {
			return new Boot3RedisLockHealthIndicator(client);
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(name = "org.springframework.boot.health.contributor.HealthIndicator")
	@org.springframework.boot.health.autoconfigure.contributor.ConditionalOnEnabledHealthIndicator("redislock")
	static class Boot4HealthConfiguration {

		@Bean(HEALTH_INDICATOR)
		@ConditionalOnMissingBean(name = { HEALTH_INDICATOR, HEALTH_CONTRIBUTOR })
		static Boot4RedisLockHealthIndicator redisLockHealthIndicator(DefaultLockClient client) {
			return new Boot4RedisLockHealthIndicator(client);
		}

	}

}
