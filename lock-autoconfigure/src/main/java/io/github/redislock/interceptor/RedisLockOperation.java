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
 * One {@code @RedisLock} method, parsed and validated once per method and target class,
 * so that each call only evaluates the key and fills in the defaults.
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

	private final Duration holdAtLeast;

	private final @Nullable JobSchedule schedule;

	private final String description;

	private final String label;

	RedisLockOperation(Method method, Class<?> targetClass, @Nullable String keyExpression,
			@Nullable String conditionExpression, @Nullable Duration leaseTime, @Nullable Duration waitTime,
			boolean renew, @Nullable FallbackMethod fallback, @Nullable String label, Duration holdAtLeast,
			@Nullable JobSchedule schedule) {
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
		this.holdAtLeast = holdAtLeast;
		this.schedule = schedule;
		this.description = InvalidRedisLock.describe(method, targetClass);
		this.label = (label != null) ? label : defaultLabel(method, targetClass);
	}

	/**
	 * {@code OrderService.buy}, as {@code @Timed} users expect: bounded, and stable when
	 * the key changes. The user's class, not a CGLIB subclass named anew each run.
	 */
	private static String defaultLabel(Method method, Class<?> targetClass) {
		Class<?> userClass = ClassUtils.getUserClass(targetClass);
		String simpleName = userClass.getSimpleName();
		return (simpleName.isEmpty() ? ClassUtils.getShortName(userClass) : simpleName) + "." + method.getName();
	}

	/** The most specific method, whose parameter names the key expression sees. */
	public Method getMethod() {
		return this.method;
	}

	public Class<?> getTargetClass() {
		return this.targetClass;
	}

	AnnotatedElementKey getElementKey() {
		return this.elementKey;
	}

	/** {@code null} when the lock name is the method name. */
	public @Nullable String getKeyExpression() {
		return this.keyExpression;
	}

	/**
	 * The key expression as written, or the method: unlike the evaluated key, a bounded
	 * set of values, fit for metrics and logs.
	 */
	public String getName() {
		return (this.keyExpression != null) ? this.keyExpression : this.fixedName;
	}

	String getFixedName() {
		return this.fixedName;
	}

	/** {@code null} to always lock. */
	public @Nullable String getConditionExpression() {
		return this.conditionExpression;
	}

	/**
	 * The annotation's label, else {@code OrderService.buy}; locks are reported under it.
	 */
	public String getLabel() {
		return this.label;
	}

	@Nullable FallbackMethod getFallback() {
		return this.fallback;
	}

	/** The method as messages name it and as recorded with the lock in the store. */
	String getDescription() {
		return this.description;
	}

	/** {@code null} unless a blocking {@code @Scheduled} method. */
	@Nullable JobSchedule getSchedule() {
		return this.schedule;
	}

	/**
	 * Refuses what only the defaults make invalid: a {@code holdAtLeast} longer than a
	 * lease that the default sets or that {@code redis-lock.renewal.enabled} leaves
	 * unrenewed. The annotation alone was checked when parsed.
	 */
	void checkAgainst(LockDefaults defaults) {
		Duration lease = (this.leaseTime != null) ? this.leaseTime : defaults.leaseTime();
		if ((this.renew && defaults.renew()) || this.holdAtLeast.compareTo(lease) <= 0) {
			return;
		}
		String leaseSource = (this.leaseTime != null) ? "expire" : "the default lease 'redis-lock.expire'";
		String unrenewed = this.renew ? "'redis-lock.renewal.enabled' is false" : "renew = false";
		throw InvalidRedisLock.on(this.method, this.targetClass,
				"holdAtLeast (" + this.holdAtLeast.toMillis() + " ms) is longer than " + leaseSource + " ("
						+ lease.toMillis() + " ms), and " + unrenewed
						+ ", which makes the lease the longest the lock is held",
				"Set 'holdAtLeast' to at most the lease, set 'expire' on the annotation, or turn renewal on.");
	}

	/** A scheduled job waits for its lock only when its annotation says so. */
	LockDefinition toDefinition(String key, LockDefaults defaults, boolean asJob) {
		Duration defaultWaitTime = asJob ? Duration.ZERO : defaults.waitTime();
		return new LockDefinition(key, (this.leaseTime != null) ? this.leaseTime : defaults.leaseTime(),
				(this.waitTime != null) ? this.waitTime : defaultWaitTime, this.renew && defaults.renew(), getLabel(),
				this.description, this.holdAtLeast);
	}

	@Override
	public String toString() {
		return "@RedisLock(" + getName() + ") on " + this.fixedName;
	}

}
