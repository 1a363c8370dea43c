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
package io.github.redislock.aspect;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import io.github.redislock.annotation.RedisLock;
import io.github.redislock.core.LockDefinition;
import org.jspecify.annotations.Nullable;

import org.springframework.aop.support.AopUtils;
import org.springframework.core.KotlinDetector;
import org.springframework.core.MethodClassKey;
import org.springframework.core.ReactiveAdapterRegistry;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.core.annotation.AnnotationUtils;
import org.springframework.scheduling.annotation.Async;
import org.springframework.util.ClassUtils;
import org.springframework.util.ReflectionUtils;
import org.springframework.util.StringUtils;

/**
 * Turns {@code @RedisLock} annotations into validated {@link RedisLockOperation}s, cached
 * per method and target class. Annotations are found on the most specific method and,
 * through {@link AnnotatedElementUtils#findMergedAnnotation}, on the interfaces and
 * superclasses it overrides and inside composed annotations.
 * <p>
 * {@link #hasOperations(Class)} parses every method of a class at once, which the
 * pointcut calls when a bean is created: an invalid annotation on any method stops
 * start-up with an {@link InvalidRedisLockException}, not only on the first method the
 * proxy machinery happens to look at.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
public class RedisLockOperationSource {

	private static final Object NONE = new Object();

	private static final Set<String> DEFERRED_TYPES = Set.of("java.util.concurrent.Callable",
			"java.util.concurrent.Flow$Publisher", "org.reactivestreams.Publisher",
			"org.springframework.web.context.request.async.DeferredResult",
			"org.springframework.web.context.request.async.WebAsyncTask",
			"org.springframework.web.servlet.mvc.method.annotation.ResponseBodyEmitter",
			"org.springframework.web.servlet.mvc.method.annotation.StreamingResponseBody",
			"kotlinx.coroutines.flow.Flow", "kotlinx.coroutines.Deferred");

	private final Map<MethodClassKey, Object> operations = new ConcurrentHashMap<>(256);

	private final Map<Class<?>, List<RedisLockOperation>> operationsByClass = new ConcurrentHashMap<>(256);

	private final LockKeyExpressionEvaluator evaluator;

	/**
	 * Create an operation source.
	 * @param evaluator the evaluator that parses, checks and caches the expressions
	 */
	public RedisLockOperationSource(LockKeyExpressionEvaluator evaluator) {
		this.evaluator = evaluator;
	}

	/**
	 * Return whether any method of the class is locked, parsing and validating all of
	 * them.
	 * @param targetClass the class
	 * @return whether the class has a {@code @RedisLock} method
	 * @throws InvalidRedisLockException if one of them is invalid
	 */
	public boolean hasOperations(Class<?> targetClass) {
		return !getOperations(targetClass).isEmpty();
	}

	/**
	 * Return the operations of every locked method of a class, parsing and validating all
	 * of them.
	 * @param targetClass the class
	 * @return its operations, empty when no method is locked
	 * @throws InvalidRedisLockException if one of them is invalid
	 */
	public List<RedisLockOperation> getOperations(Class<?> targetClass) {
		List<RedisLockOperation> cached = this.operationsByClass.get(targetClass);
		if (cached != null) {
			return cached;
		}
		List<RedisLockOperation> found = new ArrayList<>();
		if (AnnotationUtils.isCandidateClass(targetClass, RedisLock.class)) {
			for (Method method : ReflectionUtils.getUniqueDeclaredMethods(targetClass,
					ReflectionUtils.USER_DECLARED_METHODS)) {
				RedisLockOperation operation = getOperation(method, targetClass);
				if (operation != null) {
					found.add(operation);
				}
			}
		}
		List<RedisLockOperation> operations = List.copyOf(found);
		this.operationsByClass.put(targetClass, operations);
		return operations;
	}

	/**
	 * Return the operation of a method.
	 * @param method the method, possibly from an interface
	 * @param targetClass the class of the target, or {@code null} if unknown
	 * @return the operation, or {@code null} if the method is not locked
	 * @throws InvalidRedisLockException if its annotation is invalid
	 */
	public @Nullable RedisLockOperation getOperation(Method method, @Nullable Class<?> targetClass) {
		if (ReflectionUtils.isObjectMethod(method)) {
			return null;
		}
		MethodClassKey cacheKey = new MethodClassKey(method, targetClass);
		Object cached = this.operations.get(cacheKey);
		if (cached == null) {
			RedisLockOperation operation = computeOperation(method, targetClass);
			cached = (operation != null) ? operation : NONE;
			this.operations.put(cacheKey, cached);
		}
		return (cached != NONE) ? (RedisLockOperation) cached : null;
	}

	private @Nullable RedisLockOperation computeOperation(Method method, @Nullable Class<?> targetClass) {
		Method specificMethod = AopUtils.getMostSpecificMethod(method, targetClass);
		RedisLock annotation = AnnotatedElementUtils.findMergedAnnotation(specificMethod, RedisLock.class);
		if (annotation == null && specificMethod != method) {
			annotation = AnnotatedElementUtils.findMergedAnnotation(method, RedisLock.class);
		}
		if (annotation == null) {
			return null;
		}
		return parse(annotation, specificMethod,
				(targetClass != null) ? targetClass : specificMethod.getDeclaringClass());
	}

	private RedisLockOperation parse(RedisLock annotation, Method method, Class<?> targetClass) {
		int modifiers = method.getModifiers();
		if (Modifier.isPrivate(modifiers) || Modifier.isStatic(modifiers)) {
			throw new InvalidRedisLockException(method, targetClass,
					"a " + (Modifier.isStatic(modifiers) ? "static" : "private")
							+ " method cannot be intercepted, so it would run without the lock",
					"Make the method a non-static, non-private method called through the bean, or lock "
							+ "programmatically with LockOperations.");
		}
		String asynchronous = describeAsynchronous(method, targetClass);
		if (asynchronous != null) {
			throw new InvalidRedisLockException(method, targetClass,
					"it " + asynchronous
							+ ": the lock would be released when the method returns, before the work it started "
							+ "has run, so that work would run unprotected",
					"Return the result itself and run the method asynchronously with @Async (the lock is then "
							+ "taken on the executor's thread around the whole work), or lock inside the "
							+ "asynchronous work with LockOperations.");
		}
		String key = annotation.key();
		if (StringUtils.hasText(key)) {
			this.evaluator.checkKey(key, method, targetClass);
		}
		String condition = annotation.condition();
		if (StringUtils.hasText(condition)) {
			this.evaluator.checkCondition(condition, method, targetClass);
		}
		Duration leaseTime = duration(annotation.expire(), annotation.timeUnit(), "expire", 1, method, targetClass);
		Duration waitTime = duration(annotation.waitTime(), annotation.timeUnit(), "waitTime", 0, method, targetClass);
		FallbackMethod fallback = StringUtils.hasText(annotation.fallback())
				? FallbackMethod.resolve(annotation.fallback(), method, targetClass) : null;
		return new RedisLockOperation(method, targetClass, StringUtils.hasText(key) ? key : null,
				StringUtils.hasText(condition) ? condition : null, leaseTime, waitTime, annotation.renew(), fallback);
	}

	/**
	 * Describe why a method completes its work after returning, or return {@code null}
	 * when it completes it before. A future or stage is fine on an {@code @Async} method:
	 * the async advisor always runs outside every other advisor, so the lock is held on
	 * the executor's thread around the whole method, which then returns a completed
	 * result (the proxy checker verifies that the async advisor is there).
	 */
	private static @Nullable String describeAsynchronous(Method method, Class<?> targetClass) {
		Class<?> returnType = method.getReturnType();
		if (KotlinDetector.isKotlinType(method.getDeclaringClass()) && KotlinDetector.isSuspendingFunction(method)) {
			return "is a Kotlin suspend function";
		}
		if (Future.class.isAssignableFrom(returnType) || CompletionStage.class.isAssignableFrom(returnType)) {
			return isAsync(method, targetClass) ? null : "returns " + returnType.getSimpleName() + " and is not @Async";
		}
		if (ReactiveAdapterRegistry.getSharedInstance().getAdapter(returnType) != null) {
			return "returns the reactive type " + returnType.getSimpleName();
		}
		String deferred = deferredType(returnType);
		return (deferred != null) ? "returns " + deferred + ", whose work runs after the method returned" : null;
	}

	/**
	 * Return the name of the deferred-work type a return type is, if any: the types whose
	 * work the caller (Spring MVC, Kotlin coroutines) runs after the method returned.
	 * Matched by name, so that none of them has to be on the classpath.
	 */
	private static @Nullable String deferredType(Class<?> returnType) {
		if (returnType.isPrimitive() || returnType.isArray() || returnType.getName().startsWith("java.lang.")) {
			return null;
		}
		for (Class<?> type = returnType; type != null && type != Object.class; type = type.getSuperclass()) {
			if (DEFERRED_TYPES.contains(type.getName())) {
				return type.getSimpleName();
			}
		}
		for (Class<?> type : ClassUtils.getAllInterfacesForClassAsSet(returnType)) {
			if (DEFERRED_TYPES.contains(type.getName())) {
				return type.getSimpleName();
			}
		}
		return null;
	}

	/**
	 * Return whether a method is run by {@code @Async} (on the method or its class).
	 * @param method the method
	 * @param targetClass the class it was found on
	 * @return whether it is asynchronous
	 */
	static boolean isAsync(Method method, Class<?> targetClass) {
		return AnnotatedElementUtils.hasAnnotation(method, Async.class)
				|| AnnotatedElementUtils.hasAnnotation(targetClass, Async.class);
	}

	/**
	 * Convert an annotation time, {@code -1} meaning the default.
	 * @param minMillis the least acceptable value in milliseconds: a lease under 1 ms
	 * would reach Redis as {@code PEXPIRE 0}, which deletes the key
	 */
	private static @Nullable Duration duration(long value, TimeUnit unit, String attribute, long minMillis,
			Method method, Class<?> targetClass) {
		if (value == -1) {
			return null;
		}
		if (minMillis > 0 && value > unit.convert(Long.MAX_VALUE, TimeUnit.NANOSECONDS)) {
			throw new InvalidRedisLockException(method, targetClass,
					attribute + " = " + value + " " + unit + " is longer than the longest lease, "
							+ LockDefinition.MAX_LEASE_TIME + " (about 292 years)",
					"Set '" + attribute + "' to a lease you mean: with renewal on, a lease of seconds keeps a "
							+ "lock as long as the method runs.");
		}
		// A wait time past the longest duration saturates: it waits practically forever.
		Duration duration = (value >= 0) ? Duration.ofNanos(unit.toNanos(value)) : null;
		if (duration == null || duration.toMillis() < minMillis) {
			String least = (minMillis > 0) ? "at least 1 ms" : "zero or more";
			throw new InvalidRedisLockException(method, targetClass,
					attribute + " = " + value + " " + unit + " is not a valid " + attribute + ": it must be " + least,
					"Set '" + attribute + "' to " + least + " in " + unit
							+ " (mind 'timeUnit'), or -1 to use the redis-lock property default.");
		}
		return duration;
	}

}
