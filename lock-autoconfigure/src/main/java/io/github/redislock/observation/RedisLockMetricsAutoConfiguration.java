// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.observation;

import io.github.redislock.autoconfigure.RedisLockProperties;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.observation.ObservationRegistry;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Metrics and traces of the locks, when the application has Micrometer. With an
 * {@link ObservationRegistry}, the acquire and held timers come from the observations
 * (through Spring Boot's meter observation handler) and the meters record only the
 * counters, so no timer is made twice. A {@link LockAcquireObservationConvention} or
 * {@link LockHeldObservationConvention} bean replaces its observation's default
 * convention.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
@AutoConfiguration(afterName = { "org.springframework.boot.actuate.autoconfigure.metrics.MetricsAutoConfiguration",
		"org.springframework.boot.actuate.autoconfigure.metrics.CompositeMeterRegistryAutoConfiguration",
		"org.springframework.boot.actuate.autoconfigure.observation.ObservationAutoConfiguration",
		"org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration",
		"org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration",
		"org.springframework.boot.micrometer.observation.autoconfigure.ObservationAutoConfiguration" })
@ConditionalOnProperty(name = "redis-lock.enabled", havingValue = "true", matchIfMissing = true)
@EnableConfigurationProperties(RedisLockProperties.class)
public final class RedisLockMetricsAutoConfiguration {

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(MeterRegistry.class)
	@ConditionalOnBean(MeterRegistry.class)
	static class MetricsConfiguration {

		@Bean
		@ConditionalOnMissingBean(name = "redisLockMeters")
		LockMeters redisLockMeters(MeterRegistry registry, ObjectProvider<LockObservations> observations,
				RedisLockProperties properties) {
			boolean timers = observations.getIfAvailable() == null;
			return new LockMeters(registry, timers, properties.getMetrics().isEvaluatedKeys());
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(ObservationRegistry.class)
	@ConditionalOnBean(ObservationRegistry.class)
	static class ObservationConfiguration {

		@Bean
		@ConditionalOnMissingBean(name = "redisLockObservations")
		LockObservations redisLockObservations(ObservationRegistry registry, RedisLockProperties properties,
				ObjectProvider<LockAcquireObservationConvention> acquireConvention,
				ObjectProvider<LockHeldObservationConvention> heldConvention) {
			RedisLockProperties.Metrics metrics = properties.getMetrics();
			return new LockObservations(registry, metrics.isEvaluatedKeys(), metrics.isIncludeKey(),
					acquireConvention.getIfAvailable(), heldConvention.getIfAvailable());
		}

	}

}
