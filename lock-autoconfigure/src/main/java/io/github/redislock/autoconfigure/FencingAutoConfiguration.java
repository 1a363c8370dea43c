// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.autoconfigure;

import java.time.Duration;

import javax.sql.DataSource;

import io.github.redislock.fencing.FencedEntityIntegrator;
import io.github.redislock.fencing.FencedJdbcTemplate;
import io.github.redislock.fencing.FencedRedisTemplate;
import org.hibernate.integrator.spi.Integrator;

import org.springframework.beans.BeansException;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnSingleCandidate;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.orm.jpa.AbstractEntityManagerFactoryBean;

/**
 * Auto-configuration of the fenced writes: a {@link FencedJdbcTemplate} over the
 * application's {@link JdbcClient} (or its only {@link DataSource}), and a
 * {@link FencedRedisTemplate} over its {@link StringRedisTemplate}, where the fenced data
 * lives. Apart from the main auto-configuration so that nothing there names a JDBC type.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
@AutoConfiguration(after = RedisLockAutoConfiguration.class,
		afterName = { "org.springframework.boot.autoconfigure.data.redis.RedisAutoConfiguration",
				"org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration",
				"org.springframework.boot.autoconfigure.jdbc.DataSourceAutoConfiguration",
				"org.springframework.boot.autoconfigure.jdbc.JdbcClientAutoConfiguration",
				"org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration",
				"org.springframework.boot.jdbc.autoconfigure.JdbcClientAutoConfiguration" })
@EnableConfigurationProperties(RedisLockProperties.class)
public final class FencingAutoConfiguration {

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(JdbcClient.class)
	@ConditionalOnSingleCandidate(DataSource.class)
	static class JdbcConfiguration {

		@Bean
		@ConditionalOnMissingBean
		FencedJdbcTemplate fencedJdbcTemplate(ObjectProvider<JdbcClient> jdbcClient, DataSource dataSource,
				RedisLockProperties properties) {
			return new FencedJdbcTemplate(jdbcClient.getIfUnique(() -> JdbcClient.create(dataSource)))
				.withRaiseTimeout(properties.getFencing().getRaiseTimeout());
		}

	}

	/**
	 * Hibernate finds the fenced entities' hook itself; the raise timeout reaches it as a
	 * Hibernate setting of every entity manager factory, unless one sets its own.
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass({ AbstractEntityManagerFactoryBean.class, Integrator.class })
	static class JpaConfiguration {

		@Bean
		static BeanPostProcessor fencedEntitiesRaiseTimeout(Environment environment) {
			Duration raiseTimeout = Binder.get(environment)
				.bind("redis-lock.fencing.raise-timeout", Duration.class)
				.orElse(FencedJdbcTemplate.DEFAULT_RAISE_TIMEOUT);
			return new BeanPostProcessor() {

				@Override
				public Object postProcessBeforeInitialization(Object bean, String beanName) throws BeansException {
					if (bean instanceof AbstractEntityManagerFactoryBean factory) {
						factory.getJpaPropertyMap().putIfAbsent(FencedEntityIntegrator.RAISE_TIMEOUT, raiseTimeout);
					}
					return bean;
				}

			};
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(StringRedisTemplate.class)
	@ConditionalOnProperty(name = "redis-lock.enabled", havingValue = "true", matchIfMissing = true)
	static class RedisConfiguration {

		@Bean
		@ConditionalOnMissingBean
		@ConditionalOnSingleCandidate(StringRedisTemplate.class)
		FencedRedisTemplate fencedRedisTemplate(StringRedisTemplate redis) {
			return new FencedRedisTemplate(redis);
		}

	}

}
