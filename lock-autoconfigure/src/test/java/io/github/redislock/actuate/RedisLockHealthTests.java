// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.actuate;

import java.lang.reflect.Method;
import java.time.Duration;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import io.github.redislock.core.DistributedLock;
import io.github.redislock.core.LockClient;
import io.github.redislock.testsupport.RedisNode;
import io.github.redislock.testsupport.RedisServerExtension;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.util.ClassUtils;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The {@code redisLock} health contribution, read through Actuator's own health endpoint
 * (on Spring Boot 3's or 4's, whichever runs the tests): {@code UP} while the client's
 * renewals work, {@code DOWN} once a held lock's renewals failed until its lease ran out
 * (the Redis process killed while the lock is held), and {@code UP} again once renewals
 * succeed after Redis is back.
 *
 * @author redis-lock contributors
 */
@Timeout(90)
class RedisLockHealthTests {

	/**
	 * Actuator's health endpoint, Spring Boot 3's then Spring Boot 4's; each line has
	 * some.
	 */
	private static final String[] HEALTH_AUTO_CONFIGURATIONS = {
			"org.springframework.boot.actuate.autoconfigure.endpoint.EndpointAutoConfiguration",
			"org.springframework.boot.actuate.autoconfigure.health.HealthContributorAutoConfiguration",
			"org.springframework.boot.actuate.autoconfigure.health.HealthEndpointAutoConfiguration",
			"org.springframework.boot.health.autoconfigure.contributor.HealthContributorAutoConfiguration",
			"org.springframework.boot.health.autoconfigure.registry.HealthContributorRegistryAutoConfiguration",
			"org.springframework.boot.health.autoconfigure.actuate.endpoint.HealthEndpointAutoConfiguration" };

	private static final String[] HEALTH_ENDPOINT = { "org.springframework.boot.actuate.health.HealthEndpoint",
			"org.springframework.boot.health.actuate.endpoint.HealthEndpoint" };

	private static final Duration LEASE = Duration.ofSeconds(3);

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	private static RedisNode server;

	private static ApplicationContextRunner runner;

	@BeforeAll
	static void startRedis() {
		server = redis.standalone();
		Class<?>[] health = Arrays.stream(HEALTH_AUTO_CONFIGURATIONS)
			.filter((name) -> ClassUtils.isPresent(name, null))
			.map((name) -> ClassUtils.resolveClassName(name, null))
			.toArray(Class<?>[]::new);
		runner = ActuatorRunners.on(server)
			.withConfiguration(AutoConfigurations.of(health))
			.withPropertyValues("management.endpoint.health.show-details=always", "spring.data.redis.timeout=1s");
	}

	@Test
	void upWhileRenewalsWorkDownOnceTheyFailedPastALeaseAndUpAgainOnceTheySucceed() {
		runner.run((context) -> {
			LockClient client = context.getBean(LockClient.class);
			Holder held = Holder.start(client, "renewed");
			await().atMost(Duration.ofSeconds(10))
				.untilAsserted(() -> assertThat(details(context)).containsEntry("renewedLeases", 1));
			assertThat(status(context)).isEqualTo("UP");

			server.kill();

			await().atMost(Duration.ofSeconds(15))
				.pollInterval(Duration.ofMillis(20))
				.untilAsserted(() -> assertThat(status(context)).isEqualTo("DOWN"));
			assertThat(details(context)).containsEntry("renewalThreadAlive", true)
				.containsEntry("leaseLostWhileRenewalsFailed", "renewed")
				.containsKey("lastRenewalFailure");

			server.restart();
			held.release();
			// Lettuce reconnects in the background.
			StringRedisTemplate redisTemplate = context.getBean(StringRedisTemplate.class);
			await().atMost(Duration.ofSeconds(20))
				.ignoreExceptions()
				.until(() -> "PONG".equals(redisTemplate.execute(RedisConnection::ping)));
			Holder again = Holder.start(client, "renewed-again");
			await().atMost(Duration.ofSeconds(15)).untilAsserted(() -> assertThat(status(context)).isEqualTo("UP"));
			assertThat(details(context)).containsEntry("renewedLeases", 1).doesNotContainKey("lastRenewalFailure");
			again.release();
		});
	}

	@Test
	void contributesByDefault() {
		runner.run((context) -> {
			assertThat(context).hasBean("redisLockHealthIndicator");
			assertThat(status(context)).isEqualTo("UP");
		});
	}

	@Test
	void itsOwnPropertyTurnsItOff() {
		runner.withPropertyValues("management.health.redislock.enabled=false")
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean("redisLockHealthIndicator"));
	}

	@Test
	void turningHealthIndicatorsOffByDefaultTurnsItOffUnlessItsOwnPropertySaysOtherwise() {
		runner.withPropertyValues("management.health.defaults.enabled=false")
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean("redisLockHealthIndicator"));
		runner
			.withPropertyValues("management.health.defaults.enabled=false", "management.health.redislock.enabled=true")
			.run((context) -> assertThat(context).hasBean("redisLockHealthIndicator"));
	}

	@Test
	void anApplicationsOwnContributorOfTheSameNameReplacesIt() {
		runner.withBean("redisLockHealthContributor", String.class, () -> "the application's")
			.run((context) -> assertThat(context).doesNotHaveBean("redisLockHealthIndicator"));
	}

	@Test
	void theLockClientIsMadeWithTheOtherBeansNotWhenTheIndicatorsTypeIsAskedFor() {
		// Asked for early, as the context registers its post-processors: a client made
		// then would be made before them, and before settings registered late, such as a
		// dynamic Redis URL.
		runner.withUserConfiguration(SeenBeans.class).run((context) -> {
			assertThat(context).hasNotFailed().hasBean("redisLockHealthIndicator");
			assertThat(SeenBeans.names).contains("redisLockClient");
		});
	}

	private static String status(ApplicationContext context) throws Exception {
		Object status = invoke(health(context), "getStatus");
		return (String) invoke(status, "getCode");
	}

	@SuppressWarnings("unchecked")
	private static Map<String, Object> details(ApplicationContext context) throws Exception {
		return (Map<String, Object>) invoke(health(context), "getDetails");
	}

	private static Object health(ApplicationContext context) throws Exception {
		Object endpoint = context.getBean(present(HEALTH_ENDPOINT));
		Method healthForPath = endpoint.getClass().getMethod("healthForPath", String[].class);
		Object health = healthForPath.invoke(endpoint, (Object) new String[] { "redisLock" });
		assertThat(health).as("redisLock contributes to Actuator's health").isNotNull();
		return health;
	}

	private static Object invoke(Object target, String method) throws Exception {
		Method getter = target.getClass().getMethod(method);
		getter.setAccessible(true);
		return getter.invoke(target);
	}

	private static Class<?> present(String... names) {
		for (String name : names) {
			if (ClassUtils.isPresent(name, null)) {
				return ClassUtils.resolveClassName(name, null);
			}
		}
		throw new IllegalStateException("None of " + String.join(", ", names) + " is on the classpath");
	}

	@Configuration(proxyBeanMethods = false)
	static class SeenBeans {

		static final Set<String> names = ConcurrentHashMap.newKeySet();

		@Bean
		static BeanPostProcessor beanNameRecorder() {
			return new BeanPostProcessor() {

				@Override
				public Object postProcessAfterInitialization(Object bean, String beanName) {
					names.add(beanName);
					return bean;
				}

			};
		}

	}

	/**
	 * Holds a renewed lock on a thread of its own until told to release it; the release
	 * may fail, the lease being lost.
	 */
	static final class Holder {

		private final CountDownLatch leave = new CountDownLatch(1);

		private final Thread thread;

		private Holder(LockClient client, String name, CountDownLatch held) {
			this.thread = new Thread(() -> {
				DistributedLock lock = client.getLock(name);
				try {
					if (lock.tryLock(Duration.ZERO, LEASE, true)) {
						held.countDown();
						this.leave.await();
						lock.unlock();
					}
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
				}
				catch (RuntimeException ex) {
					// Lost while Redis was down: what the health shows.
				}
			}, "holder-" + name);
		}

		static Holder start(LockClient client, String name) throws InterruptedException {
			CountDownLatch held = new CountDownLatch(1);
			Holder holder = new Holder(client, name, held);
			holder.thread.start();
			assertThat(held.await(30, TimeUnit.SECONDS)).as("lock '%s' taken", name).isTrue();
			return holder;
		}

		void release() throws InterruptedException {
			this.leave.countDown();
			this.thread.join(TimeUnit.SECONDS.toMillis(30));
			assertThat(this.thread.isAlive()).isFalse();
		}

	}

}
