// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.interceptor;

import io.github.redislock.annotation.LockAcquisitionFailureHandler;
import io.github.redislock.annotation.RedisLock;
import io.github.redislock.autoconfigure.RedisLockAutoConfiguration;
import io.github.redislock.autoconfigure.SpringBootAutoConfigurations;
import io.github.redislock.core.LockClient;
import io.github.redislock.core.LockOperations;
import io.github.redislock.engine.DefaultLockClient;
import io.github.redislock.test.InMemoryLockStore;
import org.aopalliance.intercept.MethodInterceptor;
import org.junit.jupiter.api.Test;

import org.springframework.aop.Advisor;
import org.springframework.aop.framework.Advised;
import org.springframework.aop.support.AopUtils;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.aop.AopAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.data.redis.core.StringRedisTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link RedisLockAnnotationAutoConfiguration}. Connection factories connect
 * lazily, so none of these needs a running Redis.
 *
 * @author redis-lock contributors
 */
class RedisLockAnnotationAutoConfigurationTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(AopAutoConfiguration.class, SpringBootAutoConfigurations.redis(),
				RedisLockAutoConfiguration.class, RedisLockAnnotationAutoConfiguration.class));

	@Test
	void appliesTheLockOverTheAutoConfiguredLockOperations() {
		this.runner.run((context) -> {
			assertThat(context).hasSingleBean(RedisLockOperationSource.class)
				.hasSingleBean(RedisLockAdvisor.class)
				.hasSingleBean(RedisLockInterceptor.class)
				.hasSingleBean(LockAcquisitionFailureHandler.class)
				.hasSingleBean(JobRuns.class);
			assertThat(context.getBean(RedisLockAdvisor.class).getOrder()).isEqualTo(Ordered.LOWEST_PRECEDENCE - 1);
		});
	}

	@Test
	void appliesTheLockOverTheApplicationsOwnLockOperationsWithoutRedis() {
		new ApplicationContextRunner()
			.withConfiguration(
					AutoConfigurations.of(RedisLockAutoConfiguration.class, RedisLockAnnotationAutoConfiguration.class))
			.withUserConfiguration(InMemoryLocks.class, LockedService.class)
			.run((context) -> {
				assertThat(context).hasNotFailed().hasSingleBean(RedisLockAdvisor.class);
				assertLockAdvised(context);
			});
	}

	@Test
	void backsOffWithoutSpringDataRedisOnTheClasspath() {
		this.runner.withClassLoader(new FilteredClassLoader(StringRedisTemplate.class))
			.run((context) -> assertThat(context).doesNotHaveBean(LockOperations.class)
				.doesNotHaveBean(RedisLockAdvisor.class));
	}

	@Test
	void backsOffWithoutAConnectionFactory() {
		new ApplicationContextRunner()
			.withConfiguration(
					AutoConfigurations.of(RedisLockAutoConfiguration.class, RedisLockAnnotationAutoConfiguration.class))
			.run((context) -> assertThat(context).hasNotFailed()
				.doesNotHaveBean(LockClient.class)
				.doesNotHaveBean(RedisLockAdvisor.class));
	}

	@Test
	void canBeSwitchedOff() {
		this.runner.withPropertyValues("redis-lock.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean(RedisLockAdvisor.class)
				.doesNotHaveBean(RedisLockInterceptor.class));
	}

	@Test
	void userInterceptorOfTheSameNameIsTheOneTheAdvisorApplies() {
		this.runner.withUserConfiguration(UserInterceptor.class).run((context) -> {
			assertThat(context).doesNotHaveBean(RedisLockInterceptor.class);
			assertThat(context.getBean(RedisLockAdvisor.class).getAdvice())
				.isSameAs(context.getBean("redisLockInterceptor"));
		});
	}

	@Test
	void aspectOrderPropertySetsTheAdvisorsOrder() {
		this.runner.withPropertyValues("redis-lock.aspect.order=42")
			.run((context) -> assertThat(context.getBean(RedisLockAdvisor.class).getOrder()).isEqualTo(42));
	}

	@Test
	void oneRunPerTickOffLeavesNoJobRuns() {
		this.runner.withPropertyValues("redis-lock.jobs.one-run-per-tick=false")
			.run((context) -> assertThat(context).hasSingleBean(RedisLockInterceptor.class)
				.doesNotHaveBean(JobRuns.class));
	}

	@Test
	void proxiesAnnotatedBeansWithAspectJ() {
		this.runner.withUserConfiguration(LockedService.class).run(this::assertLockAdvised);
	}

	@Test
	void proxiesAnnotatedBeansWithoutAspectJ() {
		this.runner.withClassLoader(new FilteredClassLoader("org.aspectj"))
			.withUserConfiguration(LockedService.class)
			.run(this::assertLockAdvised);
	}

	@Test
	void proxiesAnnotatedBeansWithSpringAopAutoSwitchedOff() {
		this.runner.withPropertyValues("spring.aop.auto=false")
			.withUserConfiguration(LockedService.class)
			.run(this::assertLockAdvised);
	}

	@Test
	void proxiesInterfacesWhenClassProxiesAreSwitchedOff() {
		this.runner.withPropertyValues("spring.aop.auto=false", "spring.aop.proxy-target-class=false")
			.withUserConfiguration(InterfaceLockedService.class)
			.run((context) -> {
				Object bean = context.getBean(Placing.class);
				assertThat(AopUtils.isJdkDynamicProxy(bean)).isTrue();
				assertLockAdvised(context.getBean("placing"));
			});
	}

	private void assertLockAdvised(ApplicationContext context) {
		assertThat(context).isNotNull();
		assertLockAdvised(context.getBean("lockedService"));
	}

	private void assertLockAdvised(Object bean) {
		assertThat(AopUtils.isAopProxy(bean)).isTrue();
		assertThat(((Advised) bean).getAdvisors()).extracting(Advisor::getClass)
			.contains((Class) RedisLockAdvisor.class);
	}

	@Configuration(proxyBeanMethods = false)
	static class InMemoryLocks {

		@Bean
		DefaultLockClient lockClient() {
			return new DefaultLockClient(new InMemoryLockStore());
		}

		@Bean
		LockOperations lockTemplate(LockClient client) {
			return LockOperations.of(client);
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class UserInterceptor {

		@Bean
		MethodInterceptor redisLockInterceptor() {
			return (invocation) -> invocation.proceed();
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class LockedService {

		@Bean
		Locked lockedService() {
			return new Locked();
		}

	}

	/**
	 * Public so that a class-based proxy can subclass it from another class loader.
	 */
	public static class Locked {

		@RedisLock("#id")
		public void work(String id) {
		}

	}

	interface Placing {

		@RedisLock("'order:' + #id")
		void place(String id);

	}

	static class PlacingImpl implements Placing {

		@Override
		public void place(String id) {
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class InterfaceLockedService {

		@Bean
		Placing placing() {
			return new PlacingImpl();
		}

	}

}
