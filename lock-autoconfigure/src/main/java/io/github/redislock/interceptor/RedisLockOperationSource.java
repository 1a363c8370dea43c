// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.interceptor;

import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

import io.github.redislock.annotation.RedisLock;
import io.github.redislock.core.InvalidLockConfigurationException;
import io.github.redislock.core.LockDefinition;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import org.springframework.aop.support.AopUtils;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.BeanFactoryAware;
import org.springframework.beans.factory.config.ConfigurableBeanFactory;
import org.springframework.core.MethodClassKey;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.core.annotation.AnnotationUtils;
import org.springframework.core.annotation.MergedAnnotations;
import org.springframework.core.annotation.MergedAnnotations.SearchStrategy;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.util.ClassUtils;
import org.springframework.util.ReflectionUtils;
import org.springframework.util.StringUtils;
import org.springframework.util.StringValueResolver;

/**
 * Turns {@code @RedisLock} annotations into validated {@link RedisLockOperation}s, cached
 * per method and target class. The pointcut calls {@link #hasOperations(Class)} at bean
 * creation, so an invalid annotation on any method stops start-up.
 *
 * @author redis-lock contributors
 */
class RedisLockOperationSource implements BeanFactoryAware {

	private static final Log logger = LogFactory.getLog(RedisLockOperationSource.class);

	private final Map<MethodClassKey, Optional<RedisLockOperation>> operations = new ConcurrentHashMap<>(256);

	private final Map<Class<?>, List<RedisLockOperation>> operationsByClass = new ConcurrentHashMap<>(256);

	private final LockKeyExpressionEvaluator evaluator;

	private @Nullable StringValueResolver placeholders;

	RedisLockOperationSource() {
		this(new LockKeyExpressionEvaluator());
	}

	RedisLockOperationSource(LockKeyExpressionEvaluator evaluator) {
		this.evaluator = evaluator;
	}

	@Override
	public void setBeanFactory(BeanFactory beanFactory) {
		this.evaluator.setBeanFactory(beanFactory);
		if (beanFactory instanceof ConfigurableBeanFactory configurable) {
			this.placeholders = configurable::resolveEmbeddedValue;
		}
	}

	/** Holds the expressions parsed at start-up, for the interceptor to evaluate. */
	LockKeyExpressionEvaluator evaluator() {
		return this.evaluator;
	}

	/**
	 * Whether any method of the class is locked, once all of them are parsed; throws
	 * {@link InvalidLockConfigurationException} if one is invalid.
	 */
	public boolean hasOperations(Class<?> targetClass) {
		return !getOperations(targetClass).isEmpty();
	}

	List<RedisLockOperation> getOperations(Class<?> targetClass) {
		List<RedisLockOperation> cached = this.operationsByClass.get(targetClass);
		if (cached != null) {
			return cached;
		}
		List<RedisLockOperation> found = new ArrayList<>();
		if (AnnotationUtils.isCandidateClass(targetClass, RedisLock.class)) {
			if (AnnotatedElementUtils.hasAnnotation(targetClass, RedisLock.class)) {
				throw InvalidRedisLock.on(targetClass,
						"@RedisLock reaches the class through a composed annotation, and it applies to methods only, "
								+ "so no method would be locked",
						"Put the annotation on the methods to lock, and limit its @Target to METHOD.");
			}
			for (Method method : ReflectionUtils.getUniqueDeclaredMethods(targetClass,
					ReflectionUtils.USER_DECLARED_METHODS)) {
				if (ReflectionUtils.isObjectMethod(method)
						&& AnnotatedElementUtils.hasAnnotation(method, RedisLock.class)) {
					throw InvalidRedisLock.on(method, targetClass,
							"equals, hashCode and toString are never locked: collections, logs and debuggers call "
									+ "them on the bean itself",
							"Lock a method of your own that does the work.");
				}
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

	/** The locked methods parsed so far. */
	List<RedisLockOperation> operations() {
		return this.operations.values().stream().flatMap(Optional::stream).toList();
	}

	/** The blocking {@code @Scheduled} methods parsed so far. */
	List<RedisLockOperation> scheduledOperations() {
		return operations().stream().filter((operation) -> operation.getSchedule() != null).toList();
	}

	/** {@code null} if the method is not locked; {@code method} may be an interface's. */
	@Nullable RedisLockOperation getOperation(Method method, @Nullable Class<?> targetClass) {
		if (ReflectionUtils.isObjectMethod(method)) {
			return null;
		}
		MethodClassKey cacheKey = new MethodClassKey(method, targetClass);
		Optional<RedisLockOperation> cached = this.operations.get(cacheKey);
		if (cached == null) {
			cached = Optional.ofNullable(computeOperation(method, targetClass));
			this.operations.put(cacheKey, cached);
		}
		return cached.orElse(null);
	}

	private @Nullable RedisLockOperation computeOperation(Method method, @Nullable Class<?> targetClass) {
		Method specificMethod = declaredMethod(AopUtils.getMostSpecificMethod(method, targetClass), method);
		Class<?> userClass = (targetClass != null) ? targetClass : specificMethod.getDeclaringClass();
		Set<RedisLock> annotations = findAnnotations(specificMethod);
		if (annotations.isEmpty() && specificMethod != method) {
			annotations.addAll(findAnnotations(method));
		}
		if (annotations.isEmpty()) {
			annotations.addAll(findOnInterfaces(specificMethod, userClass));
		}
		if (annotations.isEmpty()) {
			return null;
		}
		if (annotations.size() > 1) {
			throw InvalidRedisLock.on(specificMethod, userClass,
					annotations.size() + " different @RedisLock annotations reach the method " + annotations
							+ ", and a method runs under one lock",
					"Keep one @RedisLock on the method (through its composed annotations and the interfaces it "
							+ "implements), or take the other lock inside it with LockOperations.");
		}
		return parse(annotations.iterator().next(), specificMethod, userClass);
	}

	/**
	 * Those declared on the method, directly or composed, replace what it overrides;
	 * without any, those of the methods it overrides and implements, which must agree.
	 */
	private static Set<RedisLock> findAnnotations(Method method) {
		Set<RedisLock> declared = new LinkedHashSet<>();
		Set<RedisLock> inherited = new LinkedHashSet<>();
		MergedAnnotations.from(method, SearchStrategy.TYPE_HIERARCHY)
			.stream(RedisLock.class)
			.forEach((annotation) -> ((annotation.getAggregateIndex() == 0) ? declared : inherited)
				.add(annotation.synthesize()));
		return declared.isEmpty() ? inherited : declared;
	}

	/**
	 * The method of a JDK proxy class (a Spring Data repository, an HTTP client) carries
	 * no parameter names: the interface method it implements does.
	 */
	private static Method declaredMethod(Method specificMethod, Method method) {
		Class<?> declaring = specificMethod.getDeclaringClass();
		if (!Proxy.isProxyClass(declaring)) {
			return specificMethod;
		}
		if (method.getDeclaringClass().isInterface()) {
			return method;
		}
		for (Class<?> type : ClassUtils.getAllInterfacesForClassAsSet(declaring)) {
			Method declared = ClassUtils.getMethodIfAvailable(type, specificMethod.getName(),
					specificMethod.getParameterTypes());
			if (declared != null) {
				return declared;
			}
		}
		return specificMethod;
	}

	/**
	 * For a method inherited from a superclass that does not implement the interface
	 * declaring it: the type-hierarchy search from the method does not reach it.
	 */
	private static Set<RedisLock> findOnInterfaces(Method method, Class<?> targetClass) {
		if (method.getDeclaringClass() == targetClass || targetClass.isInterface()) {
			return Set.of();
		}
		Set<RedisLock> found = new LinkedHashSet<>();
		for (Class<?> type : ClassUtils.getAllInterfacesForClassAsSet(targetClass)) {
			Method declared = ClassUtils.getMethodIfAvailable(type, method.getName(), method.getParameterTypes());
			if (declared != null) {
				found.addAll(findAnnotations(declared));
			}
		}
		return found;
	}

	private RedisLockOperation parse(RedisLock annotation, Method method, Class<?> targetClass) {
		LockableMethods.check(method, targetClass);
		String key = annotation.key();
		if (StringUtils.hasText(key)) {
			this.evaluator.checkKey(key, method, targetClass);
		}
		else if (!key.isEmpty()) {
			throw InvalidRedisLock.on(method, targetClass,
					"key = '" + key + "' is blank, which reads as no key and would lock the whole method",
					"Leave 'key' empty to lock the whole method, or give it a SpEL expression.");
		}
		String condition = annotation.condition();
		if (StringUtils.hasText(condition)) {
			this.evaluator.checkCondition(condition, method, targetClass);
		}
		Duration leaseTime = duration(annotation.expire(), annotation.timeUnit(), "expire", true, method, targetClass);
		Duration waitTime = duration(annotation.waitTime(), annotation.timeUnit(), "waitTime", false, method,
				targetClass);
		Duration holdAtLeast = holdAtLeast(annotation.holdAtLeast(), annotation.timeUnit(), method, targetClass);
		if (!annotation.renew() && leaseTime != null && holdAtLeast.compareTo(leaseTime) > 0) {
			throw InvalidRedisLock.on(method, targetClass,
					"holdAtLeast = " + annotation.holdAtLeast() + " is longer than expire = " + annotation.expire()
							+ " (" + annotation.timeUnit() + "), and renew = false makes expire the longest the lock "
							+ "is held",
					"Set 'holdAtLeast' to at most 'expire', or leave 'renew' on.");
		}
		String label = annotation.label();
		if (!label.isEmpty() && !StringUtils.hasText(label)) {
			throw InvalidRedisLock.on(method, targetClass,
					"label = '" + label + "' is blank, so the method's locks would be reported under no name",
					"Give a label with text, such as \"order\", or leave it out to report the class and method name.");
		}
		JobSchedule schedule = jobSchedule(annotation, method, targetClass);
		FallbackMethod fallback = StringUtils.hasText(annotation.fallback())
				? FallbackMethod.resolve(annotation.fallback(), method, targetClass) : null;
		return new RedisLockOperation(method, targetClass, StringUtils.hasText(key) ? key : null,
				StringUtils.hasText(condition) ? condition : null, leaseTime, waitTime, annotation.renew(), fallback,
				label.isEmpty() ? null : label, holdAtLeast, schedule);
	}

	/**
	 * A blocking {@code @Scheduled} method runs once per tick across instances; waiting
	 * for its lock only makes it run late.
	 */
	private @Nullable JobSchedule jobSchedule(RedisLock annotation, Method method, Class<?> targetClass) {
		int schedules = AnnotatedElementUtils.getMergedRepeatableAnnotations(method, Scheduled.class).size();
		if (schedules == 0) {
			return null;
		}
		Class<?> returnType = method.getReturnType();
		String excluded = (LockableMethods.completion(method) != null || LockableMethods.reactive(method) != null
				|| returnType.isPrimitive() && returnType != void.class) ? "returns " + returnType.getSimpleName()
						: (schedules > 1) ? "has " + schedules + " schedules" : null;
		if (excluded != null) {
			logger.warn("@RedisLock method '" + InvalidRedisLock.describe(method, targetClass) + "' is @Scheduled but "
					+ excluded + ", so it is locked like any other method: every instance "
					+ "runs the ticks it fires, one at a time. Only a method with one schedule that returns nothing "
					+ "or an object runs each tick on one instance.");
			return null;
		}
		JobSchedule schedule;
		try {
			schedule = JobSchedule.of(method, this.placeholders);
		}
		catch (RuntimeException ex) {
			throw InvalidRedisLock.on(method, targetClass, "its @Scheduled schedule cannot be read: " + ex.getMessage(),
					"Fix the cron expression, zone or period of @Scheduled.");
		}
		if (schedule != null && annotation.waitTime() > 0) {
			logger.warn("@RedisLock method '" + InvalidRedisLock.describe(method, targetClass)
					+ "' is @Scheduled and waits up to " + annotation.waitTime() + " "
					+ annotation.timeUnit().name().toLowerCase(Locale.ROOT) + " for its lock: a tick that finds the "
					+ "job still running elsewhere then runs late instead of being skipped. Leave waitTime out (zero "
					+ "for scheduled methods) to skip it.");
		}
		return schedule;
	}

	/** Checked as {@link LockDefinition#checkHoldAtLeast} checks every such time. */
	private static Duration holdAtLeast(long value, TimeUnit unit, Method method, Class<?> targetClass) {
		if (value < 0) {
			throw InvalidRedisLock.on(method, targetClass,
					"holdAtLeast = " + value + " " + unit + " is not a valid holdAtLeast: it must be zero or more",
					"Set 'holdAtLeast' to zero or more in " + unit
							+ " (mind 'timeUnit'); zero releases the lock when the method returns.");
		}
		try {
			return LockDefinition.checkHoldAtLeast(value, unit, () -> "holdAtLeast");
		}
		catch (IllegalArgumentException ex) {
			throw InvalidRedisLock.on(method, targetClass, ex.getMessage(), "Set 'holdAtLeast' to zero, or to at "
					+ "least 1 ms and at most about 292 years in " + unit + " (mind 'timeUnit').");
		}
	}

	/**
	 * {@code -1} means the property default; a lease is checked as
	 * {@link LockDefinition#checkLeaseTime} checks every lease.
	 */
	private static @Nullable Duration duration(long value, TimeUnit unit, String attribute, boolean lease,
			Method method, Class<?> targetClass) {
		if (value == -1) {
			return null;
		}
		if (lease) {
			try {
				return LockDefinition.checkLeaseTime(value, unit, () -> attribute);
			}
			catch (IllegalArgumentException ex) {
				throw InvalidRedisLock.on(method, targetClass, ex.getMessage(), "Set '" + attribute
						+ "' to at least 1 ms in " + unit + " (mind 'timeUnit'), or -1 to use the redis-lock property "
						+ "default; with renewal on, a lease of seconds keeps a lock as long as the method runs.");
			}
		}
		if (value < 0) {
			throw InvalidRedisLock.on(method, targetClass,
					attribute + " = " + value + " " + unit + " is not a valid " + attribute
							+ ": it must be zero or more",
					"Set '" + attribute + "' to zero or more in " + unit
							+ " (mind 'timeUnit'), or -1 to use the redis-lock property default.");
		}
		// A wait time past the longest duration saturates: it waits practically forever.
		return Duration.ofNanos(unit.toNanos(value));
	}

}
