// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.autoconfigure;

import java.time.Duration;

import java.util.List;
import java.util.Map;

import io.github.redislock.annotation.LockAcquisitionFailureHandler;
import io.github.redislock.annotation.LostLeaseAction;
import io.github.redislock.annotation.RedisLock;
import io.github.redislock.core.InvalidLockConfigurationException;
import io.github.redislock.core.LockClient;
import io.github.redislock.core.LockOperations;
import io.github.redislock.engine.DefaultLockClient;
import io.github.redislock.interceptor.RedisLockAnnotationAutoConfiguration;
import io.github.redislock.reactive.ReactiveLockTemplate;
import io.github.redislock.redis.RedisLockStore;
import io.github.redislock.redis.RedisLockStoreProbe;
import io.github.redislock.store.LockStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.aop.AopAutoConfiguration;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.diagnostics.FailureAnalyzer;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.NestedExceptionUtils;
import org.springframework.core.env.SystemEnvironmentPropertySource;
import org.springframework.core.io.support.SpringFactoriesLoader;
import org.springframework.core.io.support.SpringFactoriesLoader.FailureHandler;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link RedisLockAutoConfiguration}. Connection factories connect lazily, so
 * none of these needs a running Redis.
 *
 * @author redis-lock contributors
 */
class RedisLockAutoConfigurationTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(AopAutoConfiguration.class, SpringBootAutoConfigurations.redis(),
				RedisLockAutoConfiguration.class, RedisLockAnnotationAutoConfiguration.class));

	@Test
	void createsTheLockBeansOnTheApplicationsConnectionFactory() {
		this.runner.run((context) -> {
			assertThat(context).hasSingleBean(RedisLockStore.class)
				.hasSingleBean(DefaultLockClient.class)
				.hasSingleBean(LockOperations.class)
				.hasSingleBean(ReactiveLockTemplate.class);
		});
	}

	@Test
	void backsOffWithoutSpringDataRedisOnTheClasspath() {
		this.runner.withClassLoader(new FilteredClassLoader(StringRedisTemplate.class))
			.run((context) -> assertThat(context).doesNotHaveBean(LockClient.class));
	}

	@Test
	void backsOffWithoutAConnectionFactory() {
		new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(RedisLockAutoConfiguration.class))
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(LockClient.class));
	}

	@Test
	void canBeSwitchedOff() {
		this.runner.withPropertyValues("redis-lock.enabled=false")
			.run((context) -> assertThat(context).hasSingleBean(RedisConnectionFactory.class)
				.doesNotHaveBean(LockClient.class));
	}

	@Test
	void withoutReactorThereIsNoReactiveTemplateAndTheRestStays() {
		this.runner.withClassLoader(new FilteredClassLoader("reactor.core.publisher"))
			.run((context) -> assertThat(context).hasSingleBean(LockOperations.class)
				.doesNotHaveBean(ReactiveLockTemplate.class));
	}

	@Test
	void userBeansReplaceOurs() {
		this.runner.withUserConfiguration(UserLockBeans.class).run((context) -> {
			assertThat(context).hasSingleBean(LockStore.class)
				.hasSingleBean(LockClient.class)
				.hasSingleBean(LockOperations.class)
				.hasSingleBean(LockAcquisitionFailureHandler.class);
			assertThat(context.getBean(LockStore.class)).isSameAs(context.getBean("userStore"));
			assertThat(context.getBean(LockClient.class)).isSameAs(context.getBean("userClient"));
			assertThat(context.getBean(LockOperations.class)).isSameAs(context.getBean("userTemplate"));
			assertThat(context.getBean(LockAcquisitionFailureHandler.class))
				.isSameAs(context.getBean("userFailureHandler"));
		});
	}

	@Test
	void propertiesBindToTheBeans() {
		this.runner
			.withPropertyValues("redis-lock.key-prefix=app:locks:", "redis-lock.expire=10",
					"redis-lock.wait-time=500ms", "redis-lock.lost-lease-action=log", "redis-lock.retry.delay=20ms",
					"redis-lock.retry.multiplier=1.5", "redis-lock.retry.max-delay=300ms", "redis-lock.retry.jitter=0",
					"redis-lock.renewal.enabled=false", "redis-lock.aspect.order=42", "redis-lock.local-handoffs=3",
					"redis-lock.shutdown.timeout=12s")
			.run((context) -> {
				RedisLockProperties properties = context.getBean(RedisLockProperties.class);
				assertThat(properties.getExpire()).isEqualTo(Duration.ofSeconds(10));
				assertThat(properties.getWaitTime()).isEqualTo(Duration.ofMillis(500));
				assertThat(properties.getLostLeaseAction()).isEqualTo(LostLeaseAction.LOG);
				assertThat(properties.getRetry().toBackoff()).satisfies((backoff) -> {
					assertThat(backoff.delay()).isEqualTo(Duration.ofMillis(20));
					assertThat(backoff.multiplier()).isEqualTo(1.5);
					assertThat(backoff.maxDelay()).isEqualTo(Duration.ofMillis(300));
					assertThat(backoff.jitter()).isZero();
				});
				assertThat(properties.getRenewal().isEnabled()).isFalse();
				// Reaches the lock client: ShutdownWithHeldLocksTests shows its effect.
				assertThat(properties.getShutdown().getTimeout()).isEqualTo(Duration.ofSeconds(12));
				// Names the keys in Redis: HolderShownInRedisTests reads them.
				assertThat(properties.getKeyPrefix()).isEqualTo("app:locks:");
				assertThat(properties.getAspect().getOrder()).isEqualTo(42);
				assertThat(properties.getLocalHandoffs()).isEqualTo(3);
			});
	}

	@Test
	void holderDetailsAreRecordedUnlessTurnedOff() {
		this.runner.run((context) -> assertThat(
				RedisLockStoreProbe.holderFields(context.getBean(RedisLockStore.class), "instance-1:7"))
			.contains("\"host\":", "\"pid\":", "\"thread\":"));
		this.runner.withPropertyValues("redis-lock.holder-details=false").run((context) -> {
			assertThat(context.getBean(RedisLockProperties.class).isHolderDetails()).isFalse();
			assertThat(RedisLockStoreProbe.holderFields(context.getBean(RedisLockStore.class), "instance-1:7"))
				.isEqualTo("\"instance\":\"instance-1\"");
		});
	}

	@ParameterizedTest(name = "{0}={1}")
	@CsvSource(delimiter = '|',
			textBlock = """
					redis-lock.key-prefix      | ''      | redis-lock.key-prefix must not be empty
					redis-lock.key-prefix      | a{b}:   | redis-lock.key-prefix must not contain '{' or '}'
					redis-lock.expire          | 0       | redis-lock.expire must be at least 1 ms
					redis-lock.expire          | -5s     | redis-lock.expire must be at least 1 ms
					redis-lock.wait-time       | -1ms    | redis-lock.wait-time must not be negative
					redis-lock.retry.delay     | 0ms     | redis-lock.retry.delay must be at least 1 ms
					redis-lock.retry.multiplier| 0.5     | redis-lock.retry.multiplier must be at least 1
					redis-lock.retry.max-delay | 10ms    | redis-lock.retry.max-delay must not be less than redis-lock.retry.delay
					redis-lock.retry.jitter    | 1.5     | redis-lock.retry.jitter must be between 0 and 1
					redis-lock.retry.jitter    | -0.1    | redis-lock.retry.jitter must be between 0 and 1
					redis-lock.local-handoffs  | -1      | redis-lock.local-handoffs must not be negative
					redis-lock.shutdown.timeout| -1s     | redis-lock.shutdown.timeout must not be negative
					redis-lock.expire          | 365000d | redis-lock.expire must be at most PT2562047H47M16.854775807S (about 292 years)
					redis-lock.expire          | 9223372036854775807s | redis-lock.expire must be at most
					redis-lock.retry.delay     | 9223372036854775807s | redis-lock.retry.delay must be at most
					redis-lock.retry.max-delay | 365000d | redis-lock.retry.max-delay must be at most
					redis-lock.retry.multiplier| NaN     | redis-lock.retry.multiplier must be at least 1
					redis-lock.replica-ack.replicas | -1   | redis-lock.replica-ack.replicas must not be negative
					redis-lock.replica-ack.timeout | 0ms | redis-lock.replica-ack.timeout must be at least 1 ms
					redis-lock.redlock.nodes   | redis://a:1,redis://b:1 | redis-lock.redlock.nodes must list an odd number of Redis masters, at least 3
					redis-lock.redlock.nodes   | redis://a:1,redis://a:1,redis://b:1 | redis-lock.redlock.nodes: 'redis://a:1' names a server already listed, a:1
					redis-lock.redlock.nodes   | redis://a:1,redis://A:1/2,redis://b:1 | redis-lock.redlock.nodes: 'redis://A:1/2' names a server already listed, a:1
					redis-lock.redlock.nodes   | redis://a:1,http://b:1,redis://c:1 | redis-lock.redlock.nodes: 'http://b:1' is not a redis:// or rediss:// URL
					redis-lock.redlock.nodes   | redis://a:1,redis://:1,redis://c:1 | redis-lock.redlock.nodes: 'redis://:1' names no host
					redis-lock.redlock.nodes   | redis://a:1,redis://b:1/x,redis://c:1 | redis-lock.redlock.nodes: 'redis://b:1/x' is not a Redis URL
					redis-lock.redlock.nodes   | redis://u:secret@a:1,redis://u:secret@a:1,redis://b:1 | redis-lock.redlock.nodes: 'redis://u:****@a:1' names a server already listed
					redis-lock.redlock.drift-factor | 0.7 | redis-lock.redlock.drift-factor must be at least 0 and less than 0.5
					""")
	void invalidPropertyStopsStartUpNamingTheProperty(String property, String value, String message) {
		this.runner.withPropertyValues(property + "=" + value).run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).rootCause().hasMessageContaining(message);
		});
	}

	@Test
	void aLeaseTooShortIsNotAlsoBlamedOnTheRedlockNodeTimeoutWhenNoRedlockIsConfigured() {
		this.runner.withPropertyValues("redis-lock.expire=0").run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).rootCause()
				.hasMessageContaining("redis-lock.expire must be at least 1 ms")
				.message()
				.doesNotContain("node-timeout");
		});
	}

	@ParameterizedTest(name = "{0}")
	@ValueSource(strings = { "redis-lock.replica-ack.replicas=1", "redis-lock.replica-ack.fsync=true" })
	void replicaAcknowledgementWithARedlockStopsStartUpRatherThanBeingIgnored(String replicaAck) {
		this.runner.withPropertyValues("redis-lock.redlock.nodes=redis://a:1,redis://b:1,redis://c:1", replicaAck)
			.run((context) -> {
				assertThat(context).hasFailed();
				assertThat(context.getStartupFailure()).rootCause()
					.hasMessageContaining("redis-lock.replica-ack.* does not apply to a Redlock");
			});
	}

	@ParameterizedTest
	@ValueSource(strings = { "redis-lock.replica-ack.replica=1", "redis-lock.replica-acks=1", "redis-lock.wait-tme=3s",
			"redis-lock.retry.max-dealy=2s" })
	void aMisspeltPropertyStopsStartUpNamingItRatherThanBeingIgnored(String property) {
		String name = property.substring(0, property.indexOf('='));
		this.runner.withPropertyValues(property).run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).rootCause()
				.isInstanceOf(InvalidLockConfigurationException.class)
				.hasMessageContaining("Unknown property " + name);
		});
	}

	@Test
	void aMisspeltPropertyStopsStartUpWhenTheApplicationReplacesTheLockBeans() {
		this.runner.withUserConfiguration(UserLockBeans.class)
			.withPropertyValues("redis-lock.replica-ack.replica=1")
			.run((context) -> assertThat(context.getStartupFailure()).rootCause()
				.hasMessageContaining("Unknown property redis-lock.replica-ack.replica"));
	}

	@Test
	void aMisspeltPropertyStopsStartUpBesideABadValueThatAnEnvironmentVariableOverrides() {
		this.runner.withPropertyValues("redis-lock.expire=bogus", "redis-lock.replica-ack.replica=1")
			.withInitializer((context) -> context.getEnvironment()
				.getPropertySources()
				.addFirst(new SystemEnvironmentPropertySource("platform", Map.of("REDIS_LOCK_EXPIRE", "30s"))))
			.run((context) -> assertThat(context.getStartupFailure()).rootCause()
				.hasMessageContaining("Unknown property redis-lock.replica-ack.replica")
				.hasMessageNotContaining("redis-lock.expire"));
	}

	@Test
	void anEnvironmentVariableUnderThePrefixIsLeftToThePlatform() {
		this.runner
			.withInitializer((context) -> context.getEnvironment()
				.getPropertySources()
				.addLast(new SystemEnvironmentPropertySource("platform",
						Map.of("REDIS_LOCK_TEST_IMAGE", "redis:7.0", "REDIS_LOCK_EXPIRE", "45s"))))
			.run((context) -> {
				assertThat(context).hasNotFailed();
				assertThat(context.getBean(RedisLockProperties.class).getExpire()).isEqualTo(Duration.ofSeconds(45));
			});
	}

	@Test
	void replicaAckTimeoutMustBeShorterThanTheLease() {
		this.runner.withPropertyValues("redis-lock.replica-ack.replicas=1", "redis-lock.replica-ack.timeout=30s")
			.run((context) -> {
				assertThat(context).hasFailed();
				assertThat(context.getStartupFailure()).rootCause()
					.hasMessageContaining("redis-lock.replica-ack.timeout must be shorter than redis-lock.expire");
			});
	}

	@Test
	void replicaAckTimeoutMustBeShorterThanTheRedisCommandTimeout() {
		this.runner
			.withPropertyValues("redis-lock.replica-ack.replicas=1", "redis-lock.replica-ack.timeout=5s",
					"spring.data.redis.timeout=1s", "redis-lock.eviction-check=off")
			.run((context) -> {
				assertThat(context).hasFailed();
				assertThat(context.getStartupFailure()).rootCause()
					.hasMessageContaining("redis-lock.replica-ack.timeout")
					.hasMessageContaining("shorter than the Redis command timeout (PT1S, spring.data.redis.timeout)");
			});
		this.runner
			.withPropertyValues("redis-lock.replica-ack.replicas=1", "redis-lock.replica-ack.timeout=500ms",
					"spring.data.redis.timeout=1s", "redis-lock.eviction-check=off")
			.run((context) -> assertThat(context).hasNotFailed());
	}

	@Test
	void keyPrefixThatUtf8CannotRepresentStopsStartUp() {
		this.runner.withPropertyValues("redis-lock.key-prefix=app\uD800:").run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).rootCause()
				.hasMessageContaining("redis-lock.key-prefix must not contain an unpaired surrogate");
		});
	}

	@Test
	void hugeWaitTimeMeansWaitingPracticallyForever() {
		this.runner.withPropertyValues("redis-lock.wait-time=9223372036854775807s")
			.run((context) -> assertThat(context).hasNotFailed());
	}

	@Test
	void unparsableKeyStopsStartUpNamingTheMethodAndTheFix() {
		this.runner.withUserConfiguration(BadKeyService.class).run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).rootCause()
				.isInstanceOf(InvalidLockConfigurationException.class)
				.hasMessageContaining(BadKeyService.Orders.class.getName() + ".order(String)")
				.hasMessageContaining("does not parse");
			FailureAnalysis analysis = new InvalidLockConfigurationFailureAnalyzer()
				.analyze(context.getStartupFailure());
			assertThat(analysis).isNotNull();
			assertThat(analysis.getDescription()).contains(BadKeyService.Orders.class.getName() + ".order(String)");
			assertThat(analysis.getAction()).contains("Fix the SpEL syntax of 'key'");
		});
	}

	@Test
	void holdAtLeastLongerThanTheDefaultLeaseOfAMethodThatIsNotRenewedStopsStartUp() {
		this.runner.withUserConfiguration(HeldAtLeastTenSeconds.class)
			.withPropertyValues("redis-lock.expire=5s")
			.run((context) -> assertThat(NestedExceptionUtils.getMostSpecificCause(context.getStartupFailure()))
				.isInstanceOf(InvalidLockConfigurationException.class)
				.hasMessageContaining(HeldAtLeastTenSeconds.Reports.class.getName() + ".unrenewed()")
				.hasMessageContaining(
						"longer than the default lease 'redis-lock.expire' (5000 ms), and renew = false"));
	}

	@Test
	void holdAtLeastLongerThanALeaseThatRenewalTurnedOffEverywhereLeavesUnrenewedStopsStartUp() {
		this.runner.withUserConfiguration(HeldAtLeastTenSeconds.class)
			.withPropertyValues("redis-lock.expire=60s", "redis-lock.renewal.enabled=false")
			.run((context) -> assertThat(NestedExceptionUtils.getMostSpecificCause(context.getStartupFailure()))
				.isInstanceOf(InvalidLockConfigurationException.class)
				.hasMessageContaining(HeldAtLeastTenSeconds.Reports.class.getName() + ".renewed()")
				.hasMessageContaining("longer than expire (5000 ms), and 'redis-lock.renewal.enabled' is false"));
	}

	@Test
	void holdAtLeastWithinTheLeaseTheDefaultsGiveStartsUp() {
		this.runner.withUserConfiguration(HeldAtLeastTenSeconds.class)
			.withPropertyValues("redis-lock.expire=60s")
			.run((context) -> assertThat(context).hasNotFailed());
	}

	@Test
	void unknownParameterNameStopsStartUpNamingTheMethod() {
		this.runner.withUserConfiguration(UnknownParameterService.class).run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).rootCause()
				.isInstanceOf(InvalidLockConfigurationException.class)
				.hasMessage("Invalid @RedisLock configuration on '" + UnknownParameterService.Orders.class.getName()
						+ ".place(String)': key expression \"'order:' + #userId\": '#userId' is not a parameter of the "
						+ "method; its parameters are [customerId]");
		});
	}

	@Test
	void failureAnalyzerIsRegistered() {
		List<FailureAnalyzer> analyzers = SpringFactoriesLoader.forDefaultResourceLocation()
			.load(FailureAnalyzer.class, FailureHandler.handleMessage((message, failure) -> {
				// Spring Boot's own analyzers need an application context here: skip
				// them.
			}));
		assertThat(analyzers).hasAtLeastOneElementOfType(InvalidLockConfigurationFailureAnalyzer.class);
	}

	@Configuration(proxyBeanMethods = false)
	static class UserLockBeans {

		@Bean
		RedisLockStore userStore(RedisConnectionFactory connectionFactory) {
			return new RedisLockStore(new StringRedisTemplate(connectionFactory), "user:");
		}

		@Bean
		DefaultLockClient userClient(LockStore store) {
			return new DefaultLockClient(store);
		}

		@Bean
		LockOperations userTemplate(LockClient client) {
			return LockOperations.of(client);
		}

		@Bean
		LockAcquisitionFailureHandler userFailureHandler() {
			return (exception, arguments) -> null;
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class BadKeyService {

		@Bean
		Orders orders() {
			return new Orders();
		}

		static class Orders {

			@RedisLock("'order:' + ")
			public void order(String id) {
			}

		}

	}

	@Configuration(proxyBeanMethods = false)
	static class HeldAtLeastTenSeconds {

		@Bean
		Reports reports() {
			return new Reports();
		}

		static class Reports {

			@RedisLock(key = "'unrenewed'", renew = false, holdAtLeast = 10)
			public void unrenewed() {
			}

			@RedisLock(key = "'renewed'", expire = 5, holdAtLeast = 10)
			public void renewed() {
			}

		}

	}

	@Configuration(proxyBeanMethods = false)
	static class UnknownParameterService {

		@Bean
		Orders orders() {
			return new Orders();
		}

		static class Orders {

			@RedisLock("'order:' + #userId")
			public void place(String customerId) {
			}

		}

	}

}
