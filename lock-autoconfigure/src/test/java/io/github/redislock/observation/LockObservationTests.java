// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.observation;

import io.github.redislock.observation.MeteredApplication.Jobs;
import io.github.redislock.testsupport.RedisServerExtension;
import io.micrometer.observation.tck.TestObservationRegistry;
import io.micrometer.observation.tck.TestObservationRegistryAssert;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The observations of {@code @RedisLock} calls against a real Redis, recorded by a
 * {@link TestObservationRegistry}.
 *
 * @author redis-lock contributors
 */
class LockObservationTests {

	@RegisterExtension
	final RedisServerExtension redis = new RedisServerExtension();

	@Test
	void anAcquisitionAndTheHoldAreObservedWithTheLabelOutcomeKeyAndFencingToken() {
		try (ConfigurableApplicationContext context = MeteredApplication.start(this.redis.standalone(),
				Registries.class)) {
			long token = context.getBean(Jobs.class).runWithToken("5");
			TestObservationRegistry registry = context.getBean(TestObservationRegistry.class);
			TestObservationRegistryAssert.assertThat(registry)
				.doesNotHaveAnyRemainingCurrentObservation()
				.hasNumberOfObservationsWithNameEqualTo("redis.lock.acquire", 1)
				.hasNumberOfObservationsWithNameEqualTo("redis.lock.held", 1)
				.forAllObservationsWithNameEqualTo("redis.lock.acquire",
						(observation) -> observation.hasLowCardinalityKeyValue("name", "job")
							.hasLowCardinalityKeyValue("outcome", "acquired")
							.hasHighCardinalityKeyValue("key", "job:5")
							.doesNotHaveError())
				.forAllObservationsWithNameEqualTo("redis.lock.held",
						(observation) -> observation.hasLowCardinalityKeyValue("name", "job")
							.hasLowCardinalityKeyValue("outcome", "released")
							.hasHighCardinalityKeyValue("fencing.token", Long.toString(token)));
			assertThat(token).isPositive();
		}
	}

	@Test
	void aFailedAcquisitionIsObservedWithItsError() {
		var server = this.redis.standalone();
		try (ConfigurableApplicationContext context = MeteredApplication.start(server, Registries.class,
				"spring.data.redis.timeout=1s")) {
			server.stop();
			Jobs jobs = context.getBean(Jobs.class);
			org.assertj.core.api.Assertions.assertThatException().isThrownBy(() -> jobs.run("1"));
			TestObservationRegistryAssert.assertThat(context.getBean(TestObservationRegistry.class))
				.hasNumberOfObservationsWithNameEqualTo("redis.lock.held", 0)
				.hasObservationWithNameEqualTo("redis.lock.acquire")
				.that()
				.hasBeenStopped()
				.hasLowCardinalityKeyValue("outcome", "error")
				.hasError();
		}
	}

	@Configuration(proxyBeanMethods = false)
	static class Registries {

		@Bean
		TestObservationRegistry observationRegistry() {
			return TestObservationRegistry.create();
		}

	}

}
