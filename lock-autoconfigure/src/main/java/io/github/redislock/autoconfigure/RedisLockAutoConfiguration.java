// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.autoconfigure;

import java.util.List;

import io.github.redislock.core.LockClient;
import io.github.redislock.core.LockInstrumentation;
import io.github.redislock.core.LockNameCustomizer;
import io.github.redislock.core.LockOperations;
import io.github.redislock.engine.DefaultLockClient;
import io.github.redislock.reactive.ReactiveLockTemplate;
import io.github.redislock.redis.RedisLockStore;
import io.github.redislock.redlock.RedlockStore;
import io.github.redislock.store.LockStore;

import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.core.env.Environment;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * Auto-configuration of Redis locks: a {@link LockStore} on the application's
 * {@link RedisConnectionFactory}, a {@link LockClient}, a {@link LockOperations}
 * template, and a {@link ReactiveLockTemplate} with Reactor. Every bean backs off when
 * the application defines its own.
 * <p>
 * Start-up stops on an unsupported Spring Boot line and, by default, on a Redis that can
 * evict lock keys: locks that may not hold must not look as if they did.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
@AutoConfiguration(afterName = { "org.springframework.boot.autoconfigure.data.redis.RedisAutoConfiguration",
		"org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration" })
@Import(StartUpChecks.class)
public final class RedisLockAutoConfiguration {

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(StringRedisTemplate.class)
	// Not @ConditionalOnBooleanProperty: it exists from Spring Boot 3.5 on, and on older
	// lines Spring skips an annotation it cannot load, so the setting would be ignored.
	@ConditionalOnProperty(name = "redis-lock.enabled", havingValue = "true", matchIfMissing = true)
	@Conditional(LockConnectionFactoryCondition.class)
	@EnableConfigurationProperties(RedisLockProperties.class)
	static class LockConfiguration {

		/** Checked whichever beans the application replaces. */
		LockConfiguration(Environment environment) {
			StartUpChecks.checkPropertyNames(environment);
		}

		/**
		 * With {@code redis-lock.redlock.nodes}, locks live on a majority of those
		 * masters, set up as Spring Boot sets up the application's connection; the Redis
		 * store then backs off.
		 */
		@Bean
		@ConditionalOnMissingBean(LockStore.class)
		@Conditional(RedlockCondition.class)
		RedlockStore redlockStore(RedisLockProperties properties, ListableBeanFactory beanFactory,
				Environment environment) {
			StartUpChecks.warnIfSharedKeyPrefix(environment, properties);
			RedisLockProperties.Redlock redlock = properties.getRedlock();
			RedlockStore store = RedlockStore.connect(redlock.getNodes(), properties.getKeyPrefix(),
					redlock.getNodeTimeout(), redlock.getDriftFactor(),
					new RedlockClientConfigurer(beanFactory, environment, redlock.getSsl().getBundle()));
			store.setHolderDetails(properties.isHolderDetails());
			StartUpChecks.checkEvictionPolicy(properties, store::checkEvictionPolicy, store::close);
			return store;
		}

		/**
		 * A template of its own, so no setting of the application's template reaches the
		 * locks.
		 */
		@Bean
		@ConditionalOnMissingBean(LockStore.class)
		RedisLockStore redisLockStore(ObjectProvider<RedisConnectionFactory> connectionFactories,
				ListableBeanFactory beanFactory, RedisLockProperties properties, Environment environment) {
			StartUpChecks.warnIfSharedKeyPrefix(environment, properties);
			String name = properties.getConnectionFactory();
			RedisConnectionFactory connectionFactory = (name != null)
					? LockConnectionFactoryCondition.named(beanFactory, name) : connectionFactories.getObject();
			StartUpChecks.checkReplicaAckTimeout(properties, connectionFactory);
			RedisLockStore store = new RedisLockStore(new StringRedisTemplate(connectionFactory),
					properties.getKeyPrefix(), properties.getReplicaAck().getReplicas(),
					properties.getReplicaAck().getTimeout(), properties.getReplicaAck().isFsync());
			store.setHolderDetails(properties.isHolderDetails());
			StartUpChecks.checkEvictionPolicy(properties, store::checkEvictionPolicy, store::close);
			StartUpChecks.closingOnFailure(store::checkReplicaAcknowledgement, store::close);
			store.openConnections();
			return store;
		}

		/**
		 * Losses are published as application events: their listeners are found at each
		 * loss, so that one may depend on the lock client.
		 */
		@Bean
		@ConditionalOnMissingBean(LockClient.class)
		DefaultLockClient redisLockClient(LockStore store, RedisLockProperties properties,
				ApplicationEventPublisher eventPublisher, ObjectProvider<LockInstrumentation> instrumentations,
				ObjectProvider<LockNameCustomizer> nameCustomizers, Environment environment) {
			DefaultLockClient client = new DefaultLockClient(store, properties.getExpire(),
					properties.getRenewal().isEnabled(), properties.getRetry().toBackoff(),
					eventPublisher::publishEvent);
			client.setMaxLocalHandoffs(properties.getLocalHandoffs());
			client.setShutdownTimeout(properties.getShutdown().getTimeout());
			client.setInstrumentation(LockInstrumentation.composite(instrumentations.orderedStream().toList()));
			List<LockNameCustomizer> customizers = nameCustomizers.orderedStream().toList();
			if (!customizers.isEmpty()) {
				client.setLockNameCustomizer((name) -> {
					String customized = name;
					for (LockNameCustomizer customizer : customizers) {
						customized = customize(customizer, customized);
					}
					return customized;
				});
			}
			// As Spring Boot's own executors do: only from Java 21 on.
			client.setVirtualThreads(Runtime.version().feature() >= 21
					&& environment.getProperty("spring.threads.virtual.enabled", Boolean.class, false));
			return client;
		}

		/** Names the customizer bean that failed, not the chain that called it. */
		private static String customize(LockNameCustomizer customizer, String name) {
			String customized;
			try {
				customized = customizer.customize(name);
			}
			catch (RuntimeException ex) {
				throw new IllegalStateException("LockNameCustomizer " + customizer.getClass().getName()
						+ " failed for lock name '" + name + "': " + ex.getMessage(), ex);
			}
			if (customized == null || customized.isBlank()) {
				throw new IllegalStateException(
						"LockNameCustomizer " + customizer.getClass().getName() + " turned lock name '" + name
								+ "' into " + ((customized != null) ? "'" + customized + "'" : "null"));
			}
			return customized;
		}

		@Bean
		@ConditionalOnMissingBean(LockOperations.class)
		LockOperations redisLockTemplate(LockClient lockClient) {
			return LockOperations.of(lockClient);
		}

		/**
		 * A {@link ReactiveLockTemplate} with Reactor; nothing outside this class names a
		 * Reactor type.
		 */
		@Configuration(proxyBeanMethods = false)
		@ConditionalOnClass(name = "reactor.core.publisher.Mono")
		static class ReactiveConfiguration {

			@Bean
			@ConditionalOnMissingBean
			ReactiveLockTemplate redisLockReactiveTemplate(LockClient lockClient) {
				return new ReactiveLockTemplate(lockClient);
			}

		}

	}

}
