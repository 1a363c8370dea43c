// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.interceptor;

import io.github.redislock.annotation.LockAcquisitionFailureHandler;
import io.github.redislock.autoconfigure.RedisLockAutoConfiguration;
import io.github.redislock.autoconfigure.RedisLockProperties;
import io.github.redislock.core.LockInstrumentation;
import io.github.redislock.core.LockOperations;
import io.github.redislock.redis.RedisLockStore;
import io.github.redislock.store.LockStore;

import org.springframework.aop.config.AopConfigUtils;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.context.EnvironmentAware;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.context.annotation.ImportBeanDefinitionRegistrar;
import org.springframework.context.annotation.Role;
import org.springframework.core.env.Environment;
import org.springframework.core.type.AnnotationMetadata;
import org.springframework.util.function.SingletonSupplier;

/**
 * Auto-configuration of {@code @RedisLock}: an advisor and an interceptor that run each
 * annotated method under its lock, taken through the application's {@link LockOperations}
 * with the defaults of the {@code redis-lock} properties.
 * <p>
 * The {@link RedisLockProxyChecker} is registered whatever the other conditions, so that
 * {@code @RedisLock} methods never run as if locked without the lock infrastructure.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
@AutoConfiguration(after = RedisLockAutoConfiguration.class)
public final class RedisLockAnnotationAutoConfiguration {

	@Bean
	@Role(BeanDefinition.ROLE_INFRASTRUCTURE)
	@ConditionalOnMissingBean(name = "redisLockProxyChecker")
	static RedisLockProxyChecker redisLockProxyChecker(Environment environment,
			ObjectProvider<RedisLockOperationSource> operationSources) {
		// Read as the condition below reads it: only "true" and "false" are unambiguous.
		String enabled = environment.getProperty("redis-lock.enabled", "true");
		if (!enabled.equalsIgnoreCase("true") && !enabled.equalsIgnoreCase("false")) {
			throw new InvalidConfigurationPropertyValueException("redis-lock.enabled", enabled, "Use true or false.");
		}
		return new RedisLockProxyChecker(enabled.equalsIgnoreCase("true"), operationSources);
	}

	/**
	 * The advisor and what it needs to match methods are created early, by the auto-proxy
	 * creator, so they depend on nothing but the environment; the interceptor, which
	 * needs Redis, is looked up by name on first use.
	 */
	@Configuration(proxyBeanMethods = false)
	// Not @ConditionalOnBooleanProperty: it exists from Spring Boot 3.5 on, and on older
	// lines Spring skips an annotation it cannot load, so the setting would be ignored.
	@ConditionalOnProperty(name = "redis-lock.enabled", havingValue = "true", matchIfMissing = true)
	@ConditionalOnBean(LockOperations.class)
	@EnableConfigurationProperties(RedisLockProperties.class)
	@Import(AnnotationConfiguration.ProxyRegistrar.class)
	static class AnnotationConfiguration {

		@Bean
		@Role(BeanDefinition.ROLE_INFRASTRUCTURE)
		@ConditionalOnMissingBean(name = "redisLockOperationSource")
		static RedisLockOperationSource redisLockOperationSource() {
			return new RedisLockOperationSource();
		}

		@Bean
		@Role(BeanDefinition.ROLE_INFRASTRUCTURE)
		@ConditionalOnMissingBean(name = "redisLockAdvisor")
		static RedisLockAdvisor redisLockAdvisor(RedisLockOperationSource operationSource, Environment environment) {
			RedisLockAdvisor advisor = new RedisLockAdvisor(operationSource);
			advisor.setAdviceBeanName("redisLockInterceptor");
			// Bound from the environment: binding the properties bean this early
			// would keep it from being processed by the remaining post-processors.
			advisor.setOrder(Binder.get(environment)
				.bind("redis-lock.aspect", RedisLockProperties.Aspect.class)
				.orElseGet(RedisLockProperties.Aspect::new)
				.getOrder());
			return advisor;
		}

		@Bean
		@ConditionalOnMissingBean
		LockAcquisitionFailureHandler redisLockAcquisitionFailureHandler() {
			return LockAcquisitionFailureHandler.THROW;
		}

		/**
		 * What the scheduled {@code @RedisLock} methods did on this instance, for the
		 * {@code locks} endpoint.
		 */
		@Bean
		@ConditionalOnMissingBean
		@ConditionalOnProperty(name = "redis-lock.jobs.one-run-per-tick", havingValue = "true", matchIfMissing = true)
		JobRuns redisLockJobRuns(RedisLockOperationSource operationSource, ObjectProvider<LockStore> stores) {
			JobRuns runs = new JobRuns(operationSource);
			// Looked up when the endpoint is read, not when the interceptor is made.
			runs.setTickHolders(
					(name) -> (stores.getIfUnique() instanceof RedisLockStore store) ? store.holderOf(name) : null);
			return runs;
		}

		@Bean
		@Role(BeanDefinition.ROLE_INFRASTRUCTURE)
		@ConditionalOnMissingBean(name = "redisLockInterceptor")
		RedisLockInterceptor redisLockInterceptor(RedisLockOperationSource operationSource,
				ObjectProvider<LockOperations> locks, RedisLockProperties properties,
				LockAcquisitionFailureHandler failureHandler, ObjectProvider<LockInstrumentation> instrumentations,
				ObjectProvider<JobRuns> jobRuns, ListableBeanFactory beanFactory) {
			// Looked up at the first lock: proxy creation asks the advisor for its
			// interceptor while bean types are determined, and ahead-of-time processing
			// must not connect to Redis then.
			RedisLockInterceptor interceptor = new RedisLockInterceptor(operationSource,
					SingletonSupplier.of(locks::getObject), properties.getExpire(), properties.getWaitTime(),
					properties.getRenewal().isEnabled(), failureHandler, properties.getLostLeaseAction());
			interceptor.setInstrumentation(LockInstrumentation.composite(instrumentations.orderedStream().toList()));
			if (properties.getJobs().isOneRunPerTick()) {
				interceptor.setScheduledJobs(SingletonSupplier.of(() -> ScheduledJobs.schedulerClock(beanFactory)),
						jobRuns.getIfAvailable());
			}
			return interceptor;
		}

		/**
		 * Registers an auto-proxy creator, as {@code @EnableTransactionManagement} does,
		 * so {@code @RedisLock} works with {@code spring.aop.auto=false} or without
		 * AspectJ. Proxies classes unless {@code spring.aop.proxy-target-class=false}.
		 */
		static class ProxyRegistrar implements ImportBeanDefinitionRegistrar, EnvironmentAware {

			private boolean proxyTargetClass = true;

			@Override
			public void setEnvironment(Environment environment) {
				this.proxyTargetClass = environment.getProperty("spring.aop.proxy-target-class", Boolean.class, true);
			}

			@Override
			public void registerBeanDefinitions(AnnotationMetadata metadata, BeanDefinitionRegistry registry) {
				AopConfigUtils.registerAutoProxyCreatorIfNecessary(registry);
				if (this.proxyTargetClass) {
					AopConfigUtils.forceAutoProxyCreatorToUseClassProxying(registry);
				}
			}

		}

	}

}
