// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.observation;

import io.github.redislock.autoconfigure.RedisLockAutoConfiguration;
import io.github.redislock.autoconfigure.SpringBootAutoConfigurations;
import io.github.redislock.core.LockInstrumentation;
import io.github.redislock.engine.DefaultLockClient;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.ObservationRegistry;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.aop.AopAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * When the metrics and observation beans are made, and when they back off.
 *
 * @author redis-lock contributors
 */
class RedisLockMetricsAutoConfigurationTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(AopAutoConfiguration.class, SpringBootAutoConfigurations.redis(),
				RedisLockAutoConfiguration.class, RedisLockMetricsAutoConfiguration.class));

	@Test
	void withoutRegistriesNothingIsInstrumented() {
		this.runner.run((context) -> {
			assertThat(context).hasSingleBean(DefaultLockClient.class);
			assertThat(context.getBeanNamesForType(LockInstrumentation.class)).isEmpty();
		});
	}

	@Test
	void withoutMicrometerOnTheClassPathTheLocksWorkUninstrumented() {
		this.runner.withClassLoader(new FilteredClassLoader("io.micrometer.")).run((context) -> {
			assertThat(context).hasNotFailed().hasSingleBean(DefaultLockClient.class);
			assertThat(context.getBeanNamesForType(LockInstrumentation.class)).isEmpty();
		});
	}

	@Test
	void aMeterRegistryAloneGetsEveryMeterFromLockMeters() {
		this.runner.withUserConfiguration(MeterRegistryConfiguration.class).run((context) -> {
			assertThat(context).hasSingleBean(LockMeters.class).doesNotHaveBean(LockObservations.class);
			assertThat(context.getBean(LockMeters.class)).hasFieldOrPropertyWithValue("timers", true);
		});
	}

	@Test
	void withAnObservationRegistryTheTimersComeFromTheObservations() {
		this.runner.withUserConfiguration(MeterRegistryConfiguration.class, ObservationRegistryConfiguration.class)
			.run((context) -> {
				assertThat(context).hasSingleBean(LockMeters.class).hasSingleBean(LockObservations.class);
				assertThat(context.getBean(LockMeters.class)).hasFieldOrPropertyWithValue("timers", false);
			});
	}

	@Test
	void anObservationRegistryAloneObservesTheLocks() {
		this.runner.withUserConfiguration(ObservationRegistryConfiguration.class)
			.run((context) -> assertThat(context).hasSingleBean(LockObservations.class)
				.doesNotHaveBean(LockMeters.class));
	}

	@Test
	void evaluatedKeysAreOptedInto() {
		this.runner.withUserConfiguration(MeterRegistryConfiguration.class)
			.withPropertyValues("redis-lock.metrics.evaluated-keys=true")
			.run((context) -> assertThat(context.getBean(LockMeters.class)).hasFieldOrPropertyWithValue("evaluatedKeys",
					true));
	}

	@Test
	void backsOffFromTheApplicationsOwnBeansOfTheSameNames() {
		LockInstrumentation meters = new LockInstrumentation() {
		};
		LockInstrumentation observations = new LockInstrumentation() {
		};
		this.runner.withUserConfiguration(MeterRegistryConfiguration.class, ObservationRegistryConfiguration.class)
			.withBean("redisLockMeters", LockInstrumentation.class, () -> meters)
			.withBean("redisLockObservations", LockInstrumentation.class, () -> observations)
			.run((context) -> {
				assertThat(context).doesNotHaveBean(LockMeters.class).doesNotHaveBean(LockObservations.class);
				assertThat(context.getBean("redisLockMeters")).isSameAs(meters);
				assertThat(context.getBean("redisLockObservations")).isSameAs(observations);
			});
	}

	@Test
	void backsOffWhenLocksAreDisabled() {
		this.runner.withUserConfiguration(MeterRegistryConfiguration.class, ObservationRegistryConfiguration.class)
			.withPropertyValues("redis-lock.enabled=false")
			.run((context) -> assertThat(context.getBeanNamesForType(LockInstrumentation.class)).isEmpty());
	}

	@Configuration(proxyBeanMethods = false)
	static class MeterRegistryConfiguration {

		@Bean
		MeterRegistry meterRegistry() {
			return new SimpleMeterRegistry();
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class ObservationRegistryConfiguration {

		@Bean
		ObservationRegistry observationRegistry() {
			return ObservationRegistry.create();
		}

	}

}
