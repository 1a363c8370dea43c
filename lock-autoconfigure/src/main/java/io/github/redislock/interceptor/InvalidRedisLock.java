// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.interceptor;

import java.lang.reflect.Method;

import io.github.redislock.core.InvalidLockConfigurationException;

import org.springframework.util.ClassUtils;

/**
 * Builds the failure of an invalid {@code @RedisLock}, whose message names the method as
 * every message about an annotated method does.
 *
 * @author redis-lock contributors
 */
final class InvalidRedisLock {

	private InvalidRedisLock() {
	}

	static InvalidLockConfigurationException on(Method method, Class<?> targetClass, String problem, String action) {
		return new InvalidLockConfigurationException(
				"Invalid @RedisLock configuration on '" + describe(method, targetClass) + "': " + problem, action);
	}

	static InvalidLockConfigurationException on(Class<?> type, String problem, String action) {
		return new InvalidLockConfigurationException(
				"Invalid @RedisLock configuration on '" + type.getName() + "': " + problem, action);
	}

	static String describe(Method method, Class<?> targetClass) {
		StringBuilder description = new StringBuilder(ClassUtils.getQualifiedMethodName(method, targetClass))
			.append('(');
		Class<?>[] types = method.getParameterTypes();
		for (int i = 0; i < types.length; i++) {
			description.append((i > 0) ? ", " : "").append(types[i].getSimpleName());
		}
		return description.append(')').toString();
	}

}
