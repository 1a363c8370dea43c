// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.interceptor;

import java.lang.reflect.Method;
import java.time.Duration;

import io.github.redislock.core.LockDefinition;
import org.jspecify.annotations.Nullable;

import org.springframework.context.expression.AnnotatedElementKey;
import org.springframework.util.ClassUtils;

/**
 * The parsed and validated form of one {@code @RedisLock} method, built once per method
 * and target class by {@link RedisLockOperationSource}, so each call only evaluates the
 * key and fills in the defaults.
 *
 * @author redis-lock contributors
 */
final class RedisLockOperation {

	private final Method method;

	private final Class<?> targetClass;

	private final AnnotatedElementKey elementKey;

	private final @Nullable String keyExpression;

	private final String fixedName;

	private final @Nullable String conditionExpression;

	private final @Nullable Duration leaseTime;

	private final @Nullable Duration waitTime;

	private final boolean renew;

	private final @Nullable FallbackMethod fallback;

	/** The method as recorded with the lock in the store for operators. */
	private final String description;

	private final @Nullable String label;

	RedisLockOperation(Method method, Class<?> targetClass, @Nullable String keyExpression,
			@Nullable String conditionExpression, @Nullable Duration leaseTime, @Nullable Duration waitTime,
			boolean renew, @Nullable FallbackMethod fallback, @Nullable String label) {
		this.method = method;
		this.targetClass = targetClass;
		this.elementKey = new AnnotatedElementKey(method, targetClass);
		this.keyExpression = keyExpression;
		// The declaring class, not the target class: subclasses of one class and proxies
		// of one interface must share the method's lock.
		this.fixedName = ClassUtils.getQualifiedMethodName(method);
		this.conditionExpression = conditionExpression;
		this.leaseTime = leaseTime;
		this.waitTime = waitTime;
		this.renew = renew;
		this.fallback = fallback;
		this.description = InvalidRedisLock.describe(method, targetClass);
		this.label = label;
	}

	/**
	 * Return the most specific method carrying the annotation, whose parameter names the
	 * key expression sees.
	 * @return the method
	 */
	public Method getMethod() {
		return this.method;
	}

	/**
	 * Return the class the method was found on.
	 * @return the target class
	 */
	public Class<?> getTargetClass() {
		return this.targetClass;
	}

	AnnotatedElementKey getElementKey() {
		return this.elementKey;
	}

	/**
	 * Return the key expression, or {@code null} when the lock name is the method name.
	 * @return the key expression
	 */
	public @Nullable String getKeyExpression() {
		return this.keyExpression;
	}

	/**
	 * Return a name for this lock whose number of values is bounded: the key expression
	 * as written, or the method when there is none. Fit for metrics and logs, unlike the
	 * evaluated key.
	 * @return the bounded lock name
	 */
	public String getName() {
		return (this.keyExpression != null) ? this.keyExpression : this.fixedName;
	}

	/**
	 * Return the lock name used when there is no key expression: the qualified method
	 * name.
	 * @return the fixed lock name
	 */
	String getFixedName() {
		return this.fixedName;
	}

	/**
	 * Return the condition expression, or {@code null} to always lock.
	 * @return the condition expression
	 */
	public @Nullable String getConditionExpression() {
		return this.conditionExpression;
	}

	/**
	 * Return the bounded name the locks of this method are reported under: the
	 * annotation's label, else the {@link #getName() name template}.
	 * @return the label
	 */
	public String getLabel() {
		return (this.label != null) ? this.label : getName();
	}

	@Nullable FallbackMethod getFallback() {
		return this.fallback;
	}

	/**
	 * Build the lock definition of one call.
	 * @param key the evaluated lock name
	 * @param defaults the values of attributes left unset
	 * @return the definition
	 */
	LockDefinition toDefinition(String key, LockDefaults defaults) {
		return new LockDefinition(key, (this.leaseTime != null) ? this.leaseTime : defaults.leaseTime(),
				(this.waitTime != null) ? this.waitTime : defaults.waitTime(), this.renew && defaults.renew(),
				getLabel(), this.description);
	}

	@Override
	public String toString() {
		return "@RedisLock(" + getName() + ") on " + this.fixedName;
	}

}
