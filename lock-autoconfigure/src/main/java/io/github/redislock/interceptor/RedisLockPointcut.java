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

import org.springframework.aop.ClassFilter;
import org.springframework.aop.support.StaticMethodMatcherPointcut;

/**
 * Matches the methods that carry {@code @RedisLock}. Its class filter rejects, once per
 * class, the classes with no such method; deciding that parses every method of the class,
 * so invalid annotations fail while the bean is created.
 *
 * @author redis-lock contributors
 * @since 0.1.0
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
