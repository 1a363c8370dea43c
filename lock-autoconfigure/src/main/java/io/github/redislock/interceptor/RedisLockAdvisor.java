// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.interceptor;

import java.lang.reflect.Method;

import org.jspecify.annotations.Nullable;

import org.springframework.aop.Pointcut;
import org.springframework.aop.support.AbstractBeanFactoryPointcutAdvisor;
import org.springframework.aop.support.StaticMethodMatcherPointcut;

/**
 * Applies the {@link RedisLockInterceptor} to {@code @RedisLock} methods, with any
 * auto-proxy creator. Its order only decides whether the lock is taken before a
 * transaction begins (no connection is held while waiting) or after; the release waits
 * for the transaction anyway.
 *
 * @author redis-lock contributors
 */
class RedisLockAdvisor extends AbstractBeanFactoryPointcutAdvisor {

	private final StaticMethodMatcherPointcut pointcut;

	/** Set its advice, or the advice's bean name, before use. */
	RedisLockAdvisor(RedisLockOperationSource operationSource) {
		this.pointcut = new StaticMethodMatcherPointcut() {

			@Override
			public boolean matches(Method method, @Nullable Class<?> targetClass) {
				return operationSource.getOperation(method, targetClass) != null;
			}

		};
		// Parses every method of the class, so invalid annotations fail while the bean is
		// created.
		this.pointcut.setClassFilter(operationSource::hasOperations);
	}

	@Override
	public Pointcut getPointcut() {
		return this.pointcut;
	}

}
