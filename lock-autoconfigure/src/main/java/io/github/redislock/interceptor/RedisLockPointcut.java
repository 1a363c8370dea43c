// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.interceptor;

import java.lang.reflect.Method;

import org.jspecify.annotations.Nullable;

import org.springframework.aop.ClassFilter;
import org.springframework.aop.support.StaticMethodMatcherPointcut;

/**
 * Matches {@code @RedisLock} methods. Its class filter parses every method of a class, so
 * invalid annotations fail while the bean is created.
 *
 * @author redis-lock contributors
 */
final class RedisLockPointcut extends StaticMethodMatcherPointcut {

	private final RedisLockOperationSource operationSource;

	RedisLockPointcut(RedisLockOperationSource operationSource) {
		this.operationSource = operationSource;
		setClassFilter(new OperationClassFilter());
	}

	@Override
	public boolean matches(Method method, @Nullable Class<?> targetClass) {
		return this.operationSource.getOperation(method, targetClass) != null;
	}

	private final class OperationClassFilter implements ClassFilter {

		@Override
		public boolean matches(Class<?> clazz) {
			return RedisLockPointcut.this.operationSource.hasOperations(clazz);
		}

	}

}
