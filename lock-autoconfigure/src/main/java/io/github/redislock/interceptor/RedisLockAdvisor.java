// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.interceptor;

import org.springframework.aop.Pointcut;
import org.springframework.aop.support.AbstractBeanFactoryPointcutAdvisor;

/**
 * Applies the {@link RedisLockInterceptor} to {@code @RedisLock} methods, whatever the
 * proxy mode, with any auto-proxy creator and without AspectJ.
 * <p>
 * Its order decides where the lock sits among other advice: the lower value runs outside.
 * Locks also wait for transaction completion before releasing, so the order only decides
 * whether the lock is taken before or after the transaction begins (outside keeps a
 * connection from being held while waiting for a lock).
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
public class RedisLockAdvisor extends AbstractBeanFactoryPointcutAdvisor {

	private final RedisLockPointcut pointcut;

	/**
	 * Create an advisor; set its advice, or the advice's bean name, before use.
	 * @param operationSource the source of the methods' operations
	 */
	public RedisLockAdvisor(RedisLockOperationSource operationSource) {
		this.pointcut = new RedisLockPointcut(operationSource);
	}

	@Override
	public Pointcut getPointcut() {
		return this.pointcut;
	}

}
