// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.interceptor;

import org.springframework.aop.Pointcut;
import org.springframework.aop.support.AbstractBeanFactoryPointcutAdvisor;

/**
 * Applies the {@link RedisLockInterceptor} to {@code @RedisLock} methods, with any
 * auto-proxy creator. Its order only decides whether the lock is taken before a
 * transaction begins (no connection is held while waiting) or after; the release waits
 * for the transaction anyway.
 *
 * @author redis-lock contributors
 */
class RedisLockAdvisor extends AbstractBeanFactoryPointcutAdvisor {

	private final RedisLockPointcut pointcut;

	/** Set its advice, or the advice's bean name, before use. */
	RedisLockAdvisor(RedisLockOperationSource operationSource) {
		this.pointcut = new RedisLockPointcut(operationSource);
	}

	@Override
	public Pointcut getPointcut() {
		return this.pointcut;
	}

}
