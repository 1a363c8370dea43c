// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.interceptor;

import java.lang.reflect.Method;

import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;
import java.util.function.Supplier;

import io.github.redislock.annotation.LockAcquisitionFailureHandler;
import io.github.redislock.annotation.LockContext;
import io.github.redislock.annotation.LostLeaseAction;
import io.github.redislock.core.AcquiredLock;
import io.github.redislock.core.LockAcquisitionException;
import io.github.redislock.core.LockDefinition;
import io.github.redislock.core.LockInstrumentation;
import io.github.redislock.core.LockKeyEvaluationException;
import io.github.redislock.core.LockOperations;
import org.aopalliance.intercept.MethodInterceptor;
import org.aopalliance.intercept.MethodInvocation;
import org.jspecify.annotations.Nullable;

import org.springframework.aop.support.AopUtils;
import org.springframework.expression.EvaluationContext;
import org.springframework.util.Assert;
import org.springframework.util.ClassUtils;

/**
 * Runs {@code @RedisLock} methods under their lock: evaluates the key, acquires through
 * {@link LockOperations}, invokes the method once the lock is held, and releases in every
 * case.
 *
 * @author redis-lock contributors
 */
class RedisLockInterceptor implements MethodInterceptor {

	private static final boolean reactorPresent = ClassUtils.isPresent("reactor.core.publisher.Mono",
			RedisLockInterceptor.class.getClassLoader());

	private final RedisLockOperationSource operationSource;

	private final LockKeyExpressionEvaluator evaluator;

	private final LockOperations locks;

	private final LockDefaults defaults;

	private final LockAcquisitionFailureHandler failureHandler;

	private final LockReleaser releaser;

	private final CompletionStageLocking completionStages;

	private final @Nullable Object reactive;

	private LockInstrumentation instrumentation = LockInstrumentation.NONE;

	private @Nullable Supplier<Clock> schedulerClock;

	private @Nullable JobRuns jobRuns;

	private @Nullable ScheduledJobs jobs;

	/**
	 * {@code renew} {@code false} overrides every annotation; methods returning a future,
	 * a {@code Mono} or a {@code Flux} hold their lock until their work completes.
	 */
	RedisLockInterceptor(RedisLockOperationSource operationSource, LockOperations locks, Duration leaseTime,
			Duration waitTime, boolean renew, LockAcquisitionFailureHandler failureHandler,
			LostLeaseAction lostLeaseAction) {
		Assert.notNull(operationSource, "RedisLockOperationSource must not be null");
		Assert.notNull(locks, "LockOperations must not be null");
		Assert.notNull(failureHandler, "LockAcquisitionFailureHandler must not be null");
		Assert.notNull(lostLeaseAction, "LostLeaseAction must not be null");
		this.operationSource = operationSource;
		this.evaluator = operationSource.evaluator();
		this.locks = locks;
		this.defaults = new LockDefaults(leaseTime, waitTime, renew);
		this.failureHandler = failureHandler;
		this.releaser = new LockReleaser(lostLeaseAction);
		this.completionStages = new CompletionStageLocking(locks, this.releaser);
		this.reactive = reactorPresent ? new ReactiveLocking(locks, this.releaser) : null;
	}

	/** Told of calls that a fallback or the failure handler answered. */
	void setInstrumentation(LockInstrumentation instrumentation) {
		this.instrumentation = instrumentation;
	}

	/**
	 * Runs each tick of a blocking {@code @Scheduled} method on one instance only; such a
	 * method waits for its lock only if its annotation sets {@code waitTime}. Off unless
	 * set.
	 */
	void setSchedulerClock(Supplier<Clock> schedulerClock) {
		Assert.notNull(schedulerClock, "Scheduler clock must not be null");
		this.schedulerClock = schedulerClock;
		this.jobs = new ScheduledJobs(this.locks, schedulerClock, this.jobRuns);
	}

	/** Records the ticks run and skipped here, for the {@code locks} endpoint. */
	void setJobRuns(JobRuns jobRuns) {
		Assert.notNull(jobRuns, "JobRuns must not be null");
		this.jobRuns = jobRuns;
		if (this.schedulerClock != null) {
			this.jobs = new ScheduledJobs(this.locks, this.schedulerClock, jobRuns);
		}
	}

	@Override
	public @Nullable Object invoke(MethodInvocation invocation) throws Throwable {
		Object target = invocation.getThis();
		Class<?> targetClass = (target != null) ? AopUtils.getTargetClass(target)
				: invocation.getMethod().getDeclaringClass();
		RedisLockOperation operation = this.operationSource.getOperation(invocation.getMethod(), targetClass);
		if (operation == null) {
			return invocation.proceed();
		}
		Class<?> completion = LockableMethods.completion(operation.getMethod());
		Class<?> reactiveType = (completion == null) ? LockableMethods.reactive(operation.getMethod()) : null;
		EvaluationContext context = (operation.getKeyExpression() != null || operation.getConditionExpression() != null)
				? this.evaluator.createContext(operation, invocation.getArguments(), target) : null;
		String key;
		try {
			key = lockName(operation, context);
		}
		catch (LockKeyEvaluationException ex) {
			if (completion != null) {
				return CompletableFuture.failedFuture(ex);
			}
			if (reactiveType != null) {
				return ReactiveLocking.failed(ex, reactiveType);
			}
			throw ex;
		}
		if (key == null) {
			return proceedUnlocked(invocation);
		}
		JobSchedule schedule = (this.jobs != null) ? operation.getSchedule() : null;
		LockDefinition definition = operation.toDefinition(key, this.defaults, schedule != null);
		if (schedule != null) {
			Optional<AcquiredLock> job = ((ScheduledJobs) this.jobs).acquireTick(operation, schedule, definition,
					this.instrumentation);
			return job.isPresent() ? proceedHolding(job.get(), operation, invocation) : null;
		}
		NotAcquiredAnswer notAcquired = (cause) -> notAcquired(operation, definition, invocation, cause);
		if (completion != null) {
			return this.completionStages.invoke(invocation, definition, notAcquired);
		}
		if (reactiveType != null) {
			Assert.state(this.reactive != null, "Reactive return types are found only with Reactor present");
			return ((ReactiveLocking) this.reactive).invoke(invocation, definition, reactiveType, notAcquired);
		}
		Optional<AcquiredLock> acquired;
		try {
			acquired = this.locks.tryAcquire(definition);
		}
		catch (LockAcquisitionException ex) {
			return notAcquired(operation, definition, invocation, ex);
		}
		if (acquired.isEmpty()) {
			return notAcquired(operation, definition, invocation, null);
		}
		return proceedHolding(acquired.get(), operation, invocation);
	}

	/** {@code null} when the condition says not to lock. */
	private @Nullable String lockName(RedisLockOperation operation, @Nullable EvaluationContext context) {
		if (context != null && !this.evaluator.condition(operation, context)) {
			return null;
		}
		return this.evaluator.key(operation, context);
	}

	private static @Nullable Object proceedUnlocked(MethodInvocation invocation) throws Throwable {
		LockContext previous = LockContext.unbind();
		try {
			return invocation.proceed();
		}
		finally {
			LockContext.restore(previous);
		}
	}

	private @Nullable Object proceedHolding(AcquiredLock lock, RedisLockOperation operation,
			MethodInvocation invocation) throws Throwable {
		LockContext previous = LockContext.bind(lock);
		// Once per hold: a re-entry runs inside the method that took it, whose
		// interrupter covers it.
		WorkInterrupter interrupter = (this.releaser.interruptsWork() && lock.getHoldCount() == 1)
				? WorkInterrupter.interruptOn(lock.whenLost()) : null;
		Throwable failure = null;
		try {
			Object result = invocation.proceed();
			if (LockableMethods.mayDeferWork(operation.getMethod())) {
				rejectDeferredWork(operation, result);
			}
			return result;
		}
		catch (Throwable ex) {
			failure = ex;
			throw ex;
		}
		finally {
			boolean interrupted = interrupter != null && interrupter.stop();
			LockContext.restore(previous);
			this.releaser.release(lock, failure, interrupted);
		}
	}

	/**
	 * A method declared to return {@code Object} may return a future or a stream whose
	 * work runs after the release, which the start-up check cannot see.
	 */
	private static void rejectDeferredWork(RedisLockOperation operation, @Nullable Object result) {
		String deferred = LockableMethods.deferredWork(result);
		if (deferred != null) {
			if (result instanceof Future<?> future) {
				// Best effort: work that has already started may run on regardless.
				future.cancel(true);
			}
			throw InvalidRedisLock.on(operation.getMethod(), operation.getTargetClass(),
					"it returned a " + deferred + " whose work had not completed, and that work runs after the "
							+ "lock is released (a future was cancelled, but work it had started may still run)",
					"Return the result itself, or declare the asynchronous return type so that start-up refuses "
							+ "it (see @RedisLock); lock inside the asynchronous work with LockOperations.");
		}
	}

	private @Nullable Object notAcquired(RedisLockOperation operation, LockDefinition definition,
			MethodInvocation invocation, @Nullable LockAcquisitionException cause) throws Throwable {
		LockAcquisitionException exception = new LockAcquisitionException(definition.name(), definition.waitTime(),
				operation.getMethod(),
				"Lock '" + definition.name() + "' of @RedisLock method '"
						+ InvalidRedisLock.describe(operation.getMethod(), operation.getTargetClass())
						+ ((cause != null) ? "' was not acquired: the wait was interrupted"
								: "' was not acquired within " + definition.waitTime().toMillis() + " ms")
						+ "; the method was not invoked",
				cause);
		FallbackMethod fallback = operation.getFallback();
		Object answer = (fallback != null) ? fallback.invoke(invocation.getThis(), invocation.getArguments(), exception)
				: this.failureHandler.handle(exception, invocation.getArguments());
		checkAnswer(operation, definition, answer,
				(fallback != null) ? "fallback method '" + fallback.getMethod().getName() + "'"
						: "LockAcquisitionFailureHandler " + this.failureHandler.getClass().getName());
		this.instrumentation.fallbackAnswered(definition.name(), definition.label());
		return answer;
	}

	/**
	 * An answer of the wrong type would fail in the proxy with a bare
	 * {@code ClassCastException}, or reach a caller waiting on a future as {@code null}.
	 */
	private static void checkAnswer(RedisLockOperation operation, LockDefinition definition, @Nullable Object answer,
			String answeredBy) {
		Method method = operation.getMethod();
		Class<?> type = method.getReturnType();
		if (type == void.class) {
			return;
		}
		boolean mustAnswer = type.isPrimitive() || LockableMethods.completion(method) != null
				|| LockableMethods.reactive(method) != null;
		String problem = null;
		if (answer == null && mustAnswer) {
			problem = "returned null";
		}
		else if (answer != null && !ClassUtils.isAssignableValue(type, answer)) {
			problem = "returned a " + answer.getClass().getName();
		}
		if (problem != null) {
			throw new IllegalStateException(answeredBy + " " + problem + " for @RedisLock method '"
					+ InvalidRedisLock.describe(method, operation.getTargetClass()) + "', which returns "
					+ type.getName() + " (lock '" + definition.name() + "' was not acquired)");
		}
	}

}
