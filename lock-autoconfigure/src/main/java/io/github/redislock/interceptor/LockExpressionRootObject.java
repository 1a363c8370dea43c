// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.interceptor;

import java.lang.reflect.Method;
import java.util.Set;

import org.jspecify.annotations.Nullable;

/**
 * The {@code #root} object of {@code @RedisLock} key and condition expressions; its
 * getters are public because SpEL reads only public methods.
 *
 * @author redis-lock contributors
 */
final class LockExpressionRootObject {

	/** The properties expressions may use without {@code #root.}. */
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

	public Method getMethod() {
		return this.method;
	}

	public String getMethodName() {
		return this.method.getName();
	}

	public @Nullable Object[] getArgs() {
		return this.args;
	}

	public @Nullable Object getTarget() {
		return this.target;
	}

	public Class<?> getTargetClass() {
		return this.targetClass;
	}

}
