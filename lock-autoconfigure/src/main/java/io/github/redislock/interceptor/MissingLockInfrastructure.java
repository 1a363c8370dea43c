// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.interceptor;

import java.util.Arrays;

import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.util.ClassUtils;

/**
 * Explains why the lock infrastructure is missing from an application that has
 * {@code @RedisLock} methods, and what to do about it. Names Spring Data Redis types only
 * by name, so that it works when they are not on the classpath.
 *
 * @author redis-lock contributors
 */
final class MissingLockInfrastructure {

	private static final String TEMPLATE = "org.springframework.data.redis.core.StringRedisTemplate";

	private static final String CONNECTION_FACTORY = "org.springframework.data.redis.connection.RedisConnectionFactory";

	private MissingLockInfrastructure() {
	}

	static String explain(ListableBeanFactory beanFactory) {
		ClassLoader classLoader = MissingLockInfrastructure.class.getClassLoader();
		if (!ClassUtils.isPresent(TEMPLATE, classLoader)) {
			return "Spring Data Redis is not on the classpath. Depend on lock-spring-boot-starter, which brings it.";
		}
		String[] factories = beanFactory
			.getBeanNamesForType(ClassUtils.resolveClassName(CONNECTION_FACTORY, classLoader), true, false);
		if (factories.length == 0) {
			return "There is no RedisConnectionFactory bean: configure Redis with spring.data.redis.* and keep "
					+ "Spring Boot's Redis auto-configuration, or define a RedisConnectionFactory bean.";
		}
		if (factories.length > 1) {
			return "There are " + factories.length + " RedisConnectionFactory beans " + Arrays.toString(factories)
					+ " and none is @Primary, so the locks cannot choose one. Mark the one locks should use "
					+ "@Primary, or set redis-lock.connection-factory to its bean name.";
		}
		return "The Redis lock auto-configuration did not apply; start with --debug to see which of its conditions "
				+ "failed.";
	}

}
