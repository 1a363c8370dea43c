/*
 * Copyright 2026 the original authors.
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *      https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
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
