// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.observation;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import io.github.redislock.observation.MeteredApplication.Jobs;
import io.micrometer.common.KeyValue;
import io.micrometer.common.KeyValues;
import io.micrometer.common.docs.KeyName;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
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
	void anAcquisitionAndTheHoldAreObservedWithTheLabelOutcomeFencingTokenAndContextualNamesButNoKey() {
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
							.hasContextualNameEqualTo("lock acquire job")
							.doesNotHaveHighCardinalityKeyValueWithKey("key")
							.doesNotHaveError())
				.forAllObservationsWithNameEqualTo("redis.lock.held",
						(observation) -> observation.hasLowCardinalityKeyValue("name", "job")
							.hasLowCardinalityKeyValue("outcome", "released")
							.hasContextualNameEqualTo("lock held job")
							.doesNotHaveHighCardinalityKeyValueWithKey("key")
							.hasHighCardinalityKeyValue("fencing.token", Long.toString(token)));
			assertThat(token).isPositive();
		}
	}

	@Test
	void theEvaluatedKeyIsAHighCardinalityKeyValueWhenAskedFor() {
		try (ConfigurableApplicationContext context = MeteredApplication.start(this.redis.standalone(),
				Registries.class, "redis-lock.metrics.include-key=true")) {
			context.getBean(Jobs.class).run("5");
			TestObservationRegistryAssert.assertThat(context.getBean(TestObservationRegistry.class))
				.forAllObservationsWithNameEqualTo("redis.lock.acquire",
						(observation) -> observation.hasHighCardinalityKeyValue("key", "job:5")
							.doesNotHaveLowCardinalityKeyValueWithKey("key"))
				.forAllObservationsWithNameEqualTo("redis.lock.held",
						(observation) -> observation.hasHighCardinalityKeyValue("key", "job:5"));
		}
	}

	@Test
	void anUnlabelledMethodIsObservedUnderItsClassAndMethodName() {
		try (ConfigurableApplicationContext context = MeteredApplication.start(this.redis.standalone(),
				Registries.class)) {
			context.getBean(Jobs.class).runUnlabelled("5");
			TestObservationRegistryAssert.assertThat(context.getBean(TestObservationRegistry.class))
				.forAllObservationsWithNameEqualTo("redis.lock.acquire",
						(observation) -> observation.hasLowCardinalityKeyValue("name", "Jobs.runUnlabelled")
							.hasContextualNameEqualTo("lock acquire Jobs.runUnlabelled"));
		}
	}

	@Test
	void eachObservationTakesItsOwnConventionBean() {
		try (ConfigurableApplicationContext context = MeteredApplication.start(this.redis.standalone(),
				CustomAcquireConvention.class)) {
			context.getBean(Jobs.class).run("5");
			TestObservationRegistryAssert.assertThat(context.getBean(TestObservationRegistry.class))
				.forAllObservationsWithNameEqualTo("redis.lock.acquire",
						(observation) -> observation.hasContextualNameEqualTo("wait for job")
							.hasLowCardinalityKeyValue("team", "orders")
							.hasLowCardinalityKeyValue("name", "job"))
				.forAllObservationsWithNameEqualTo("redis.lock.held",
						(observation) -> observation.hasContextualNameEqualTo("lock held job")
							.doesNotHaveLowCardinalityKeyValueWithKey("team"));
		}
	}

	@Test
	void everyObservationHasTheKeysItsDocumentationListsAndNoOthers() {
		try (ConfigurableApplicationContext context = MeteredApplication.start(this.redis.standalone(),
				Registries.class, "redis-lock.metrics.include-key=true")) {
			List<Observation.Context> stopped = new CopyOnWriteArrayList<>();
			context.getBean(TestObservationRegistry.class)
				.observationConfig()
				.observationHandler(new ObservationHandler<>() {

					@Override
					public void onStop(Observation.Context observation) {
						stopped.add(observation);
					}

					@Override
					public boolean supportsContext(Observation.Context observation) {
						return true;
					}

				});
			context.getBean(Jobs.class).runWithToken("5");
			for (LockObservationDocumentation documentation : LockObservationDocumentation.values()) {
				DefaultLockObservationConvention convention = new DefaultLockObservationConvention(documentation, true);
				List<Observation.Context> observed = stopped.stream()
					.filter((observation) -> convention.getName().equals(observation.getName()))
					.toList();
				assertThat(observed).as(documentation.name()).hasSize(1);
				assertThat(keys(observed.get(0).getLowCardinalityKeyValues())).as(documentation.name())
					.containsExactlyInAnyOrderElementsOf(keys(documentation.getLowCardinalityKeyNames()));
				assertThat(keys(observed.get(0).getHighCardinalityKeyValues())).as(documentation.name())
					.containsExactlyInAnyOrderElementsOf(keys(documentation.getHighCardinalityKeyNames()));
			}
		}
	}

	private static List<String> keys(KeyValues keyValues) {
		return keyValues.stream().map(KeyValue::getKey).toList();
	}

	private static List<String> keys(KeyName[] keyNames) {
		return Arrays.stream(keyNames).map(KeyName::asString).toList();
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
	static class CustomAcquireConvention extends Registries {

		@Bean
		LockAcquireObservationConvention acquireConvention() {
			return new TeamAcquireConvention();
		}

	}

	static class TeamAcquireConvention extends DefaultLockObservationConvention
			implements LockAcquireObservationConvention {

		TeamAcquireConvention() {
			super(LockObservationDocumentation.ACQUIRE, false);
		}

		@Override
		public String getContextualName(LockObservationContext context) {
			return "wait for " + context.getLabel();
		}

		@Override
		public KeyValues getLowCardinalityKeyValues(LockObservationContext context) {
			return super.getLowCardinalityKeyValues(context).and("team", "orders");
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
