// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.observation;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import io.github.redislock.core.DistributedLock;
import io.github.redislock.core.LockClient;
import io.github.redislock.observation.MeteredApplication.Jobs;
import io.github.redislock.testsupport.RedisServerExtension;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.observation.DefaultMeterObservationHandler;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.ObservationRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Metrics and observations together, wired as Spring Boot's actuator wires them: the
 * observation registry turns observations into meters with a
 * {@link DefaultMeterObservationHandler}. Every lock meter then exists once, with one set
 * of tag keys per name (Prometheus rejects a name with two), and counts each call once.
 *
 * @author redis-lock contributors
 */
class MetersFromObservationsTests {

	@RegisterExtension
	final RedisServerExtension redis = new RedisServerExtension();

	@Test
	void eachLockMeterHasOneShapeAndCountsEachCallOnce() throws Exception {
		// A thread of its own that outlives the checks: the lock of an ended thread is
		// freed.
		ExecutorService holder = Executors.newSingleThreadExecutor();
		try (ConfigurableApplicationContext context = MeteredApplication.start(this.redis.standalone(),
				Registries.class, "redis-lock.shutdown.timeout=0s")) {
			Jobs jobs = context.getBean(Jobs.class);
			jobs.run("1");
			DistributedLock lock = context.getBean(LockClient.class).getLock("job:2", "job");
			holder.submit(lock::lock).get(10, TimeUnit.SECONDS);
			assertThat(jobs.runUnlessBusy("2")).isEqualTo("busy:2");
			MeterRegistry meters = context.getBean(MeterRegistry.class);
			Map<String, Set<Set<String>>> tagKeys = new HashMap<>();
			for (Meter meter : meters.getMeters()) {
				if (meter.getId().getName().startsWith("redis.lock")) {
					tagKeys.computeIfAbsent(meter.getId().getName(), (name) -> new java.util.HashSet<>())
						.add(meter.getId().getTags().stream().map(Tag::getKey).collect(Collectors.toSet()));
				}
			}
			assertThat(tagKeys).containsOnlyKeys("redis.lock.acquire", "redis.lock.acquire.active", "redis.lock.held",
					"redis.lock.held.active", "redis.lock.fallbacks");
			assertThat(tagKeys).allSatisfy((name, shapes) -> assertThat(shapes).as(name).hasSize(1));
			assertThat(tagKeys.get("redis.lock.acquire")).containsExactly(Set.of("name", "outcome", "error"));
			assertThat(tagKeys.get("redis.lock.held")).containsExactly(Set.of("name", "outcome", "error"));
			assertThat(meters.get("redis.lock.acquire").tag("outcome", "acquired").timer().count())
				.as("the @RedisLock call and the lock taken to make the second one busy")
				.isEqualTo(2);
			assertThat(meters.get("redis.lock.acquire").tag("outcome", "not_acquired").timer().count()).isEqualTo(1);
			assertThat(meters.get("redis.lock.held").tag("outcome", "released").timer().count()).isEqualTo(1);
			assertThat(meters.get("redis.lock.held.active").longTaskTimer().activeTasks())
				.as("the lock still held by the other thread")
				.isEqualTo(1);
			assertThat(meters.get("redis.lock.fallbacks").counter().count()).isEqualTo(1);
			assertThat(context.getBean(LockMeters.class)).isNotNull();
			assertThat(List.of(context.getBeanNamesForType(LockObservations.class))).hasSize(1);
		}
		finally {
			holder.shutdownNow();
		}
	}

	@Configuration(proxyBeanMethods = false)
	static class Registries {

		@Bean
		SimpleMeterRegistry meterRegistry() {
			return new SimpleMeterRegistry();
		}

		@Bean
		ObservationRegistry observationRegistry(MeterRegistry meterRegistry) {
			ObservationRegistry registry = ObservationRegistry.create();
			registry.observationConfig().observationHandler(new DefaultMeterObservationHandler(meterRegistry));
			return registry;
		}

	}

}
