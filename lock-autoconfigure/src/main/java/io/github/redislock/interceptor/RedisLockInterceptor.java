// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.interceptor;

import java.lang.reflect.Method;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
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
import io.github.redislock.core.LockLease;
import io.github.redislock.core.LockOperations;
import org.aopalliance.intercept.MethodInterceptor;
import org.aopalliance.intercept.MethodInvocation;
import org.jspecify.annotations.Nullable;

import org.springframework.aop.support.AopUtils;
import org.springframework.beans.factory.SmartInitializingSingleton;
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
class RedisLockInterceptor implements MethodInterceptor, SmartInitializingSingleton {

	private final RedisLockOperationSource operationSource;

	private final LockKeyExpressionEvaluator evaluator;

	private final Supplier<LockOperations> locks;

	private final LockDefaults defaults;

	private final LockAcquisitionFailureHandler failureHandler;

	private final LockReleaser releaser;

	private final @Nullable Object reactive;

	private LockInstrumentation instrumentation = LockInstrumentation.NONE;

	private @Nullable ScheduledJobs jobs;

	/**
	 * {@code renew} {@code false} overrides every annotation; methods returning a future,
	 * a {@code Mono} or a {@code Flux} hold their lock until their work completes.
	 */
	RedisLockInterceptor(RedisLockOperationSource operationSource, Supplier<LockOperations> locks, Duration leaseTime,
			Duration waitTime, boolean renew, LockAcquisitionFailureHandler failureHandler,
			LostLeaseAction lostLeaseAction) {
		Assert.notNull(lostLeaseAction, "LostLeaseAction must not be null");
		this.operationSource = operationSource;
		this.evaluator = operationSource.evaluator();
		this.locks = locks;
		this.defaults = new LockDefaults(leaseTime, waitTime, renew);
		this.failureHandler = failureHandler;
		this.releaser = new LockReleaser(lostLeaseAction);
		this.reactive = LockableMethods.reactorPresent ? new ReactiveLocking(locks, this.releaser) : null;
	}

	/** Told of calls that a fallback or the failure handler answered. */
	void setInstrumentation(LockInstrumentation instrumentation) {
		this.instrumentation = instrumentation;
	}

	/**
	 * Runs each tick of a blocking {@code @Scheduled} method on one instance only, and
	 * records it in {@code runs} for the {@code locks} endpoint; such a method waits for
	 * its lock only if its annotation sets {@code waitTime}. Off unless set.
	 */
	void setScheduledJobs(Supplier<Clock> schedulerClock, @Nullable JobRuns runs) {
		this.jobs = new ScheduledJobs(this.locks, schedulerClock, runs);
	}

	/**
	 * The methods of the beans made at start-up are checked against the defaults here, so
	 * that a lease the defaults leave too short stops start-up instead of every call.
	 */
	@Override
	public void afterSingletonsInstantiated() {
		this.operationSource.operations().forEach((operation) -> operation.checkAgainst(this.defaults));
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
		boolean completion = LockableMethods.completion(operation.getMethod()) != null;
		Class<?> reactiveType = !completion ? LockableMethods.reactive(operation.getMethod()) : null;
		EvaluationContext context = (operation.getKeyExpression() != null || operation.getConditionExpression() != null)
				? this.evaluator.createContext(operation, invocation.getArguments(), target) : null;
		String key;
		try {
			key = lockName(operation, context);
		}
		catch (LockKeyEvaluationException ex) {
			if (completion) {
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
		if (completion) {
			return proceedCompletion(invocation, operation, definition);
		}
		if (reactiveType != null) {
			Assert.state(this.reactive != null, "Reactive return types are found only with Reactor present");
			return ((ReactiveLocking) this.reactive).invoke(invocation, definition, reactiveType,
					() -> notAcquired(operation, definition, invocation, null));
		}
		Optional<AcquiredLock> acquired;
		try {
			acquired = this.locks.get().tryAcquire(definition);
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
			boolean interrupted = stop(interrupter);
			LockContext.restore(previous);
			this.releaser.release(lock, failure, interrupted);
		}
	}

	/**
	 * Holds the lock of a method returning a {@code CompletableFuture} or
	 * {@code CompletionStage} until that future completes, on whichever thread. Outside a
	 * transaction the caller's future completes after the release. Cancelling it leaves
	 * the method's alone: cancelling a future does not stop work it started, so only the
	 * method's own completion may free the lock.
	 */
	private @Nullable Object proceedCompletion(MethodInvocation invocation, RedisLockOperation operation,
			LockDefinition definition) throws Throwable {
		CompletableFuture<Optional<LockLease>> acquiring;
		try {
			acquiring = this.locks.get().tryAcquireAsync(definition).toCompletableFuture();
		}
		catch (RuntimeException ex) {
			// Refused before the store was asked, as when a LockNameCustomizer returns
			// no name: the caller looks for it in the future, as for any other failure.
			return CompletableFuture.failedFuture(ex);
		}
		Optional<LockLease> acquired;
		try {
			acquired = acquiring.get();
		}
		catch (InterruptedException ex) {
			if (!acquiring.cancel(false)) {
				// Granted as the interrupt came: nobody else will release the lease.
				acquiring.thenAccept((granted) -> granted.ifPresent(LockLease::release));
			}
			Thread.currentThread().interrupt();
			return answerAsFuture(operation, definition, invocation, new LockAcquisitionException(definition.name(),
					definition.waitTime(), "Interrupted while waiting for lock '" + definition.name() + "'", ex));
		}
		catch (ExecutionException ex) {
			return CompletableFuture.failedFuture(ex.getCause());
		}
		if (acquired.isEmpty()) {
			return answerAsFuture(operation, definition, invocation, null);
		}
		LockLease lease = acquired.get();
		Object result;
		LockContext previous = LockContext.bind(lease);
		// Work the method does before it returns its stage runs on this thread.
		WorkInterrupter interrupter = this.releaser.interruptsWork() ? WorkInterrupter.interruptOn(lease.whenLost())
				: null;
		try {
			result = invocation.proceed();
		}
		catch (Throwable ex) {
			stop(interrupter);
			releaseNow(lease, ex);
			throw ex;
		}
		finally {
			LockContext.restore(previous);
		}
		boolean lostWhileRunning = stop(interrupter);
		if (result == null) {
			releaseNow(lease, null);
			return null;
		}
		CompletionStage<?> work = (CompletionStage<?>) result;
		CompletableFuture<Void> transaction = new CompletableFuture<>();
		CompletableFuture<Object> answer = this.releaser.afterTransaction(() -> transaction.complete(null))
				? releasedAfterTransaction(lease, work, transaction) : releasedOnCompletion(lease, work);
		if (lostWhileRunning) {
			// Interrupted for the loss before it returned its stage: whatever the stage
			// says, the caller learns of the loss; its completion still releases.
			cancel(work);
			return CompletableFuture.failedFuture(lease.whenLost().toCompletableFuture().join());
		}
		if (this.releaser.interruptsWork()) {
			endOnLoss(lease, work, answer);
		}
		return answer;
	}

	/** Returns whether the thread was interrupted for the loss of the lease. */
	private static boolean stop(@Nullable WorkInterrupter interrupter) {
		return interrupter != null && interrupter.stop();
	}

	/**
	 * The caller learns of the loss at once, and the work is cancelled; its completion
	 * still releases the lease.
	 */
	private static void endOnLoss(LockLease lease, CompletionStage<?> work, CompletableFuture<Object> answer) {
		lease.whenLost().thenAccept((lost) -> {
			if (answer.completeExceptionally(lost)) {
				cancel(work);
			}
		});
	}

	/**
	 * The lock outlasts both the work and the caller's transaction, so the next holder
	 * reads what it committed; the answer cannot wait for the release, since the caller
	 * may wait for it inside that very transaction. A loss found then is only logged.
	 */
	private CompletableFuture<Object> releasedAfterTransaction(LockLease lease, CompletionStage<?> work,
			CompletableFuture<Void> transaction) {
		CompletableFuture<Object> answer = new CompletableFuture<>();
		CompletableFuture<Void> workDone = new CompletableFuture<>();
		work.whenComplete((value, failure) -> {
			workDone.complete(null);
			if (failure != null) {
				answer.completeExceptionally(LockReleaser.unwrap(failure));
			}
			else {
				answer.complete(value);
			}
		});
		CompletableFuture.allOf(workDone, transaction)
			.whenComplete((done, ignored) -> lease.release().whenComplete((released, releaseFailure) -> {
				if (releaseFailure != null) {
					this.releaser.logUnreported(lease.getName(), LockReleaser.runtime(releaseFailure));
				}
			}));
		return answer;
	}

	private CompletableFuture<Object> releasedOnCompletion(LockLease lease, CompletionStage<?> work) {
		CompletableFuture<Object> answer = new CompletableFuture<>();
		work.whenComplete((value, workFailure) -> lease.release().whenComplete((released, releaseFailure) -> {
			Throwable failure = LockReleaser.unwrap(workFailure);
			RuntimeException replaced = (releaseFailure != null)
					? this.releaser.outcome(lease.getName(), failure, LockReleaser.runtime(releaseFailure), null)
					: null;
			if (failure != null) {
				answer.completeExceptionally(failure);
			}
			else if (replaced != null) {
				answer.completeExceptionally(replaced);
			}
			else {
				answer.complete(value);
			}
		}));
		return answer;
	}

	/**
	 * Blocks: the method failed or returned no future, so the caller must find the lock
	 * free when it goes on.
	 */
	private void releaseNow(LockLease lease, @Nullable Throwable failure) {
		try {
			lease.release().toCompletableFuture().join();
		}
		catch (CompletionException ex) {
			this.releaser.report(lease.getName(), failure, LockReleaser.runtime(ex), null);
		}
	}

	private static void cancel(CompletionStage<?> work) {
		try {
			work.toCompletableFuture().cancel(true);
		}
		catch (UnsupportedOperationException ex) {
			// A stage that cannot be cancelled: its completion releases the lock.
		}
	}

	/** What the answer throws goes into a failed future, where this caller looks. */
	private @Nullable Object answerAsFuture(RedisLockOperation operation, LockDefinition definition,
			MethodInvocation invocation, @Nullable LockAcquisitionException cause) {
		try {
			return notAcquired(operation, definition, invocation, cause);
		}
		catch (Throwable ex) {
			return CompletableFuture.failedFuture(ex);
		}
	}

	/**
	 * A method declared to return {@code Object} may return a future or a stream whose
	 * work runs after the release, which the start-up check cannot see.
	 */
	private static void rejectDeferredWork(RedisLockOperation operation, @Nullable Object result) {
		String deferred = LockableMethods.deferredWork(result);
		if (deferred != null) {
			boolean started = result instanceof Future<?>;
			if (result instanceof Future<?> future) {
				// Cancelling does not stop work a future already started: it ends under
				// the lock.
				awaitUninterruptibly(future);
			}
			throw InvalidRedisLock.on(operation.getMethod(), operation.getTargetClass(),
					"it returned a " + deferred + " whose work had not completed, and that work would run after "
							+ "the lock is released ("
							+ (started ? "the call waited for it, holding the lock, before failing"
									: "the call failed without waiting for it")
							+ ")",
					"Return the result itself, or declare the asynchronous return type so that start-up refuses "
							+ "it (see @RedisLock); lock inside the asynchronous work with LockOperations.");
		}
	}

	private static void awaitUninterruptibly(Future<?> future) {
		boolean interrupted = false;
		while (!future.isDone()) {
			try {
				future.get();
			}
			catch (InterruptedException ex) {
				interrupted = true;
			}
			catch (ExecutionException | CancellationException ex) {
				// The call fails either way; only the work's end matters here.
			}
		}
		if (interrupted) {
			Thread.currentThread().interrupt();
		}
	}

	private @Nullable Object notAcquired(RedisLockOperation operation, LockDefinition definition,
			MethodInvocation invocation, @Nullable LockAcquisitionException cause) throws Throwable {
		LockAcquisitionException exception = new LockAcquisitionException(definition.name(), definition.waitTime(),
				operation.getMethod(),
				"Lock '" + definition.name() + "' of @RedisLock method '" + operation.getDescription()
						+ ((cause != null) ? "' was not acquired: the wait was interrupted"
								: "' was not acquired within " + definition.waitTime().toMillis() + " ms")
						+ "; the method was not invoked",
				cause);
		FallbackMethod fallback = operation.getFallback();
		Object answer = (fallback != null) ? fallback.invoke(invocation.getThis(), invocation.getArguments(), exception)
				: this.failureHandler.handle(exception, invocation.getArguments());
		checkAnswer(operation, definition, answer,
				(fallback != null) ? "fallback method '" + fallback.method().getName() + "'"
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
					+ operation.getDescription() + "', which returns " + type.getName() + " (lock '" + definition.name()
					+ "' was not acquired)");
		}
	}

}
