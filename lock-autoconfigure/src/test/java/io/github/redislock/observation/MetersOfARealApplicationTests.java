// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.observation;

import java.lang.reflect.Method;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import io.github.redislock.annotation.RedisLock;
import io.github.redislock.core.LockDefinition;
import io.github.redislock.core.LockOperations;
import io.github.redislock.testsupport.RedisNode;
import io.github.redislock.testsupport.RedisServerExtension;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Statistic;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.beans.BeanWrapperImpl;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.util.ReflectionUtils;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The lock meters of an application as users build one: Spring Boot's auto-configuration
 * with the actuator, its meter and observation registries, a {@code @RedisLock} bean and
 * a real Redis. The {@code name} tag is the class and method, what the metrics endpoint
 * answers for {@code /actuator/metrics/redis.lock.acquire?tag=name:OrderService.buy}, and
 * Spring Boot's properties turn the meters and observations off by their prefix.
 *
 * @author redis-lock contributors
 */
class MetersOfARealApplicationTests {

	@RegisterExtension
	final RedisServerExtension redis = new RedisServerExtension();

	@Test
	void anUnlabelledMethodIsTaggedWithItsClassAndMethodInTheMetricsEndpoint() {
		try (ConfigurableApplicationContext context = start()) {
			OrderService orders = context.getBean(OrderService.class);
			orders.buy("p1", "alice");
			orders.buy("p1", "bob");
			orders.restock("p1");
			context.getBean(LockOperations.class)
				.execute(LockDefinition.of("report:1", Duration.ofSeconds(5), Duration.ZERO), () -> "done");
			MeterRegistry registry = context.getBean(MeterRegistry.class);
			assertThat(registry.get("redis.lock.acquire").tag("name", "OrderService.buy").timer().count()).isEqualTo(2);
			assertThat(registry.get("redis.lock.held").tag("name", "OrderService.buy").timer().count()).isEqualTo(2);
			Object endpoint = context.getBean("metricsEndpoint");
			Map<Statistic, Double> buy = measurements(endpoint, "redis.lock.acquire", "name:OrderService.buy");
			assertThat(buy).containsEntry(Statistic.COUNT, 2.0);
			assertThat(measurements(endpoint, "redis.lock.acquire", "name:stock")).containsEntry(Statistic.COUNT, 1.0);
			assertThat(measurements(endpoint, "redis.lock.acquire", "name:programmatic")).containsEntry(Statistic.COUNT,
					1.0);
			assertThat(nameTags(registry)).containsOnly("OrderService.buy", "stock", "programmatic");
		}
	}

	@Test
	void managementMetricsEnableTurnsTheLockMetersOff() {
		try (ConfigurableApplicationContext context = start("management.metrics.enable.redis.lock=false")) {
			context.getBean(OrderService.class).buy("p1", "alice");
			MeterRegistry registry = context.getBean(MeterRegistry.class);
			assertThat(registry.getMeters()).extracting((meter) -> meter.getId().getName())
				.noneMatch((name) -> name.startsWith("redis.lock"))
				.contains("jvm.threads.live");
		}
	}

	@Test
	void managementObservationsEnableTurnsTheLockObservationsOffWholeOrOneByOne() {
		try (ConfigurableApplicationContext context = start("management.observations.enable.redis.lock=false")) {
			List<String> observed = context.getBean(ObservedNames.class).names;
			context.getBean(OrderService.class).buy("p1", "alice");
			assertThat(observed).noneMatch((name) -> name.startsWith("redis.lock"));
			MeterRegistry registry = context.getBean(MeterRegistry.class);
			assertThat(registry.find("redis.lock.acquire").meters()).isEmpty();
			assertThat(registry.find("redis.lock.held").meters()).isEmpty();
		}
		try (ConfigurableApplicationContext context = start("management.observations.enable.redis.lock.held=false")) {
			List<String> observed = context.getBean(ObservedNames.class).names;
			context.getBean(OrderService.class).buy("p1", "alice");
			assertThat(observed).contains("redis.lock.acquire").doesNotContain("redis.lock.held");
		}
	}

	private ConfigurableApplicationContext start(String... properties) {
		RedisNode server = this.redis.standalone();
		return new SpringApplicationBuilder(ShopApplication.class).web(WebApplicationType.NONE)
			.logStartupInfo(false)
			.registerShutdownHook(false)
			.properties("spring.main.banner-mode=off", "spring.data.redis.host=" + RedisNode.HOST,
					"spring.data.redis.port=" + server.port(), "management.endpoints.web.exposure.include=metrics",
					"redis-lock.shutdown.timeout=0s")
			.properties(properties)
			.run();
	}

	private static List<String> nameTags(MeterRegistry registry) {
		return registry.getMeters()
			.stream()
			.map(Meter::getId)
			.filter((id) -> id.getName().startsWith("redis.lock"))
			.map((id) -> id.getTag("name"))
			.filter((tag) -> tag != null)
			.distinct()
			.toList();
	}

	/**
	 * What {@code GET /actuator/metrics/<meter>?tag=<tag>} answers, from the endpoint
	 * bean: its class moved between Spring Boot 3 and 4, its shape did not.
	 */
	private static Map<Statistic, Double> measurements(Object endpoint, String meter, String tag) {
		Method metric = ReflectionUtils.findMethod(endpoint.getClass(), "metric", String.class, List.class);
		assertThat(metric).as("MetricsEndpoint.metric").isNotNull();
		Object descriptor = ReflectionUtils.invokeMethod(metric, endpoint, meter, List.of(tag));
		assertThat(descriptor).as(meter + " tagged " + tag).isNotNull();
		List<?> samples = (List<?>) new BeanWrapperImpl(descriptor).getPropertyValue("measurements");
		Map<Statistic, Double> values = new java.util.EnumMap<>(Statistic.class);
		for (Object sample : samples) {
			BeanWrapperImpl wrapper = new BeanWrapperImpl(sample);
			values.put((Statistic) wrapper.getPropertyValue("statistic"), (Double) wrapper.getPropertyValue("value"));
		}
		return values;
	}

	@SpringBootConfiguration(proxyBeanMethods = false)
	@EnableAutoConfiguration
	static class ShopApplication {

		@Bean
		OrderService orderService() {
			return new OrderService();
		}

		@Bean
		ObservedNames observedNames() {
			return new ObservedNames();
		}

	}

	/**
	 * Records the names of the observations started; Spring Boot registers every
	 * {@link ObservationHandler} bean with its observation registry.
	 */
	static class ObservedNames implements ObservationHandler<Observation.Context> {

		final List<String> names = new CopyOnWriteArrayList<>();

		@Override
		public void onStart(Observation.Context context) {
			this.names.add(context.getName());
		}

		@Override
		public boolean supportsContext(Observation.Context context) {
			return true;
		}

	}

	static class OrderService {

		@RedisLock(key = "'order:' + #productId + ':' + #userId")
		public String buy(String productId, String userId) {
			return productId + userId;
		}

		@RedisLock(key = "'stock:' + #productId", label = "stock")
		public String restock(String productId) {
			return productId;
		}

	}

}
