// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.interceptor;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Future;

import org.jspecify.annotations.Nullable;

import org.springframework.aop.Advisor;
import org.springframework.aop.framework.Advised;
import org.springframework.aop.support.AopUtils;
import org.springframework.scheduling.annotation.AsyncAnnotationAdvisor;

/**
 * Verifies that one proxy applies the lock to each {@code @RedisLock} method of its
 * target: the lock advisor is there, the proxy can intercept the method, and
 * {@code @Async} runs outside the lock.
 *
 * @author redis-lock contributors
 */
final class LockedProxyInspector {

	private LockedProxyInspector() {
	}

	static void inspect(Advised proxy, String beanName, Class<?> targetClass, List<RedisLockOperation> operations) {
		Advisor[] advisors = proxy.getAdvisors();
		int lockAdvisor = indexOf(advisors, RedisLockAdvisor.class);
		if (lockAdvisor < 0) {
			throw InvalidRedisLock.on(operations.get(0).getMethod(), targetClass, "bean '" + beanName
					+ "' is proxied without the @RedisLock advisor, so its @RedisLock methods would run without a "
					+ "lock",
					"Let the auto-proxy creator apply the redisLockAdvisor bean, or lock programmatically with "
							+ "LockOperations.");
		}
		boolean classProxy = AopUtils.isCglibProxy(proxy);
		for (RedisLockOperation operation : operations) {
			if (classProxy) {
				checkOverridable(operation, proxy.getClass());
			}
			else {
				checkDeclared(operation, proxy.getProxiedInterfaces(), targetClass);
			}
			checkAsync(operation, advisors, lockAdvisor, innerProxy(proxy));
		}
	}

	private static void checkOverridable(RedisLockOperation operation, Class<?> proxyClass) {
		Method method = operation.getMethod();
		int modifiers = method.getModifiers();
		if (Modifier.isFinal(modifiers)) {
			throw InvalidRedisLock.on(method, operation.getTargetClass(),
					"a final method cannot be overridden by the class-based proxy, so it would run without the lock",
					"Remove 'final' from the method (in Kotlin, make it 'open' or use the kotlin-spring plugin).");
		}
		boolean packagePrivate = !Modifier.isPublic(modifiers) && !Modifier.isProtected(modifiers);
		Class<?> declaring = method.getDeclaringClass();
		if (packagePrivate && (!declaring.getPackageName().equals(proxyClass.getPackageName())
				|| declaring.getClassLoader() != proxyClass.getClassLoader())) {
			throw InvalidRedisLock.on(method, operation.getTargetClass(),
					"a package-private method declared in " + declaring.getName()
							+ " cannot be overridden by a proxy in another package, so it would run without the lock",
					"Make the method public or protected.");
		}
	}

	private static void checkDeclared(RedisLockOperation operation, Class<?>[] interfaces, Class<?> targetClass) {
		Method method = operation.getMethod();
		for (Class<?> candidate : interfaces) {
			for (Method declared : candidate.getMethods()) {
				if (declared.getName().equals(method.getName())
						&& declared.getParameterCount() == method.getParameterCount()
						&& AopUtils.getMostSpecificMethod(declared, targetClass).equals(method)) {
					return;
				}
			}
		}
		throw InvalidRedisLock.on(method, operation.getTargetClass(),
				"the bean is proxied through its interfaces, and none of them declares the method, so no call "
						+ "can go through the lock",
				"Declare the method on an interface the bean implements, or proxy classes "
						+ "(spring.aop.proxy-target-class=true, Spring Boot's default).");
	}

	private static void checkAsync(RedisLockOperation operation, Advisor[] advisors, int lockAdvisor,
			@Nullable Advised inner) {
		Method method = operation.getMethod();
		// A CompletableFuture or CompletionStage holds the lock until it completes,
		// wherever @Async runs.
		if (!LockableMethods.isAsync(method, operation.getTargetClass())
				|| LockableMethods.completion(method) != null) {
			return;
		}
		int asyncAdvisor = indexOf(advisors, AsyncAnnotationAdvisor.class);
		if (asyncAdvisor > lockAdvisor || (asyncAdvisor < 0 && inner != null
				&& indexOf(inner.getAdvisors(), AsyncAnnotationAdvisor.class) >= 0)) {
			throw InvalidRedisLock.on(method, operation.getTargetClass(),
					"@Async runs inside the lock here, so the lock would be taken and released on the caller's "
							+ "thread while the work runs later, without it",
					"Leave @EnableAsync's order at its default, so that @Async wraps the bean's other advice.");
		}
		Class<?> returnType = method.getReturnType();
		boolean future = Future.class.isAssignableFrom(returnType)
				|| CompletionStage.class.isAssignableFrom(returnType);
		if (future && asyncAdvisor < 0) {
			throw InvalidRedisLock.on(method, operation.getTargetClass(),
					"it returns " + returnType.getSimpleName() + " and relies on @Async, which is not active "
							+ "on this bean, so the lock would be released before the work completes",
					"Enable @Async with @EnableAsync, or return the result itself.");
		}
	}

	private static @Nullable Advised innerProxy(Advised proxy) {
		try {
			Object target = proxy.getTargetSource().isStatic() ? proxy.getTargetSource().getTarget() : null;
			return (target instanceof Advised inner) ? inner : null;
		}
		catch (Exception ex) {
			return null;
		}
	}

	private static int indexOf(Advisor[] advisors, Class<?> type) {
		for (int i = 0; i < advisors.length; i++) {
			if (type.isInstance(advisors[i])) {
				return i;
			}
		}
		return -1;
	}

}
