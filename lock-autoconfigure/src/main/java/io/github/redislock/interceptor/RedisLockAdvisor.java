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
