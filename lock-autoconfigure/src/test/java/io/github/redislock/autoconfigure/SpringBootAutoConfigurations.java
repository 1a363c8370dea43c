// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.autoconfigure;

import org.springframework.util.ClassUtils;

/**
 * Spring Boot's auto-configurations that the tests run next to ours, loaded by name:
 * Spring Boot 4 moved them to other modules and packages, and the same tests compile and
 * pass on the Spring Boot 3.5 line of the default build and on the Spring Boot 4 line of
 * the {@code boot4} profile. For {@code @ImportAutoConfiguration}, which takes no names,
 * see {@link ImportRedisAutoConfiguration} and {@link ImportJdbcAutoConfiguration}.
 *
 * @author redis-lock contributors
 */
public final class SpringBootAutoConfigurations {

	/** Spring Boot's Redis auto-configuration up to 3.5, and from 4.0 on. */
	static final String[] REDIS = { "org.springframework.boot.autoconfigure.data.redis.RedisAutoConfiguration",
			"org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration" };

	private SpringBootAutoConfigurations() {
	}

	/**
	 * Return Spring Boot's Redis auto-configuration (the connection factory and the
	 * templates) of the line on the classpath.
	 * @return the auto-configuration class
	 */
	public static Class<?> redis() {
		return present(REDIS);
	}

	/**
	 * Return the one of the given classes that the classpath has.
	 * @param names the class names of one auto-configuration on each Spring Boot line
	 * @return the class
	 * @throws IllegalStateException if none of them is present
	 */
	static Class<?> present(String... names) {
		ClassLoader classLoader = SpringBootAutoConfigurations.class.getClassLoader();
		for (String name : names) {
			if (ClassUtils.isPresent(name, classLoader)) {
				return ClassUtils.resolveClassName(name, classLoader);
			}
		}
		throw new IllegalStateException("None of " + String.join(", ", names) + " is on the classpath");
	}

}
