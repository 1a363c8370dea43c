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

import org.jspecify.annotations.Nullable;

import org.springframework.util.ClassUtils;

/**
 * Thrown when a {@code @RedisLock} method is configured in a way that cannot work: a key
 * that does not parse, an unknown parameter name, an invalid time or a missing fallback.
 * Raised while the method's bean is created, so the application does not start with a
 * lock that would fail, or silently not lock, at its first call.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
public class InvalidRedisLockException extends IllegalStateException {

	private final @Nullable Method method;

	private final String problem;

	private final String action;

	/**
	 * Create an exception.
	 * @param method the annotated method
	 * @param targetClass the class the method was found on
	 * @param problem what is wrong
	 * @param action how to fix it
	 */
	public InvalidRedisLockException(Method method, Class<?> targetClass, String problem, String action) {
		super("Invalid @RedisLock configuration on '" + describe(method, targetClass) + "': " + problem);
		this.method = method;
		this.problem = problem;
		this.action = action;
	}

	/**
	 * Create an exception about an annotation on a class.
	 * @param type the annotated class
	 * @param problem what is wrong
	 * @param action how to fix it
	 */
	public InvalidRedisLockException(Class<?> type, String problem, String action) {
		super("Invalid @RedisLock configuration on '" + type.getName() + "': " + problem);
		this.method = null;
		this.problem = problem;
		this.action = action;
	}

	/**
	 * Return the annotated method.
	 * @return the method, or {@code null} when the annotation is on a class
	 */
	public @Nullable Method getMethod() {
		return this.method;
	}

	/**
	 * Return what is wrong, without the method.
	 * @return the problem
	 */
	public String getProblem() {
		return this.problem;
	}

	/**
	 * Return how to fix it.
	 * @return the action
	 */
	public String getAction() {
		return this.action;
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
