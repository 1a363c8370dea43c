// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.interceptor;

import java.lang.reflect.Method;
import java.util.Set;

import org.jspecify.annotations.Nullable;

/**
 * The {@code #root} object of {@code @RedisLock} key and condition expressions.
 *
 * @author redis-lock contributors
 */
final class LockExpressionRootObject {

	/**
	 * The names of the properties expressions may use without {@code #root.}.
	 */
	static final Set<String> PROPERTIES = Set.of("method", "methodName", "args", "target", "targetClass");

	private final Method method;

	private final @Nullable Object[] args;

	private final @Nullable Object target;

	private final Class<?> targetClass;

	LockExpressionRootObject(Method method, @Nullable Object[] args, @Nullable Object target, Class<?> targetClass) {
		this.method = method;
		this.args = args;
		this.target = target;
		this.targetClass = targetClass;
	}

	/**
	 * Return the annotated method.
	 * @return the method
	 */
	public Method getMethod() {
		return this.method;
	}

	/**
	 * Return the annotated method's name.
	 * @return the method name
	 */
	public String getMethodName() {
		return this.method.getName();
	}

	/**
	 * Return the arguments of the call.
	 * @return the arguments
	 */
	public @Nullable Object[] getArgs() {
		return this.args;
	}

	/**
	 * Return the object the method is called on.
	 * @return the target
	 */
	public @Nullable Object getTarget() {
		return this.target;
	}

	/**
	 * Return the class of the target.
	 * @return the target class
	 */
	public Class<?> getTargetClass() {
		return this.targetClass;
	}

}
