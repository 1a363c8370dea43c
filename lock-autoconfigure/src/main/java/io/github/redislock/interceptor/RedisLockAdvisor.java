// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.interceptor;

import org.springframework.aop.Pointcut;
import org.springframework.aop.support.AbstractBeanFactoryPointcutAdvisor;

/**
 * Applies the {@link RedisLockInterceptor} to {@code @RedisLock} methods, with any
 * auto-proxy creator and without AspectJ.
 * <p>
 * Its order (lower runs outside) only decides whether the lock is taken before or after a
 * transaction begins, since the release waits for the transaction anyway; outside, no
 * connection is held while waiting for a lock.
 *
 * @author redis-lock contributors
 */
class RedisLockAdvisor extends AbstractBeanFactoryPointcutAdvisor {

	private final RedisLockPointcut pointcut;

	/**
	 * Create an advisor; set its advice, or the advice's bean name, before use.
	 * @param operationSource the source of the methods' operations
	 */
	RedisLockAdvisor(RedisLockOperationSource operationSource) {
		this.pointcut = new RedisLockPointcut(operationSource);
	}

	@Override
	public Pointcut getPointcut() {
		return this.pointcut;
	}

}
