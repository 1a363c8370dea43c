// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.interceptor;

import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;

import io.github.redislock.annotation.LockContext;
import io.github.redislock.core.LockOperations;
import io.github.redislock.core.LockAcquisitionException;
import io.github.redislock.core.LockDefinition;
import io.github.redislock.core.LockLease;
import org.aopalliance.intercept.MethodInvocation;
import org.jspecify.annotations.Nullable;

/**
 * Holds the lock of a method returning a {@code CompletableFuture} or
 * {@code CompletionStage} until that future completes, on whichever thread. Outside a
 * transaction the caller's future completes after the release; cancelling it cancels the
 * method's.
 *
 * @author redis-lock contributors
 */
final class CompletionStageLocking {

	private final LockOperations locks;

	private final LockReleaser releaser;

	CompletionStageLocking(LockOperations locks, LockReleaser releaser) {
		this.locks = locks;
		this.releaser = releaser;
	}

	@Nullable Object invoke(MethodInvocation invocation, LockDefinition definition, NotAcquiredAnswer notAcquired)
			throws Throwable {
		CompletableFuture<Optional<LockLease>> acquiring;
		try {
			acquiring = this.locks.tryAcquireAsync(definition).toCompletableFuture();
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
			acquiring.cancel(false);
			Thread.currentThread().interrupt();
			return answer(notAcquired, new LockAcquisitionException(definition.name(), definition.waitTime(),
					"Interrupted while waiting for lock '" + definition.name() + "'", ex));
		}
		catch (ExecutionException ex) {
			return CompletableFuture.failedFuture(ex.getCause());
		}
		if (acquired.isEmpty()) {
			return answer(notAcquired, null);
		}
		LockLease lease = acquired.get();
		Object result;
		LockContext previous = LockContext.bind(lease);
		// Work the method does before it returns its stage runs on this thread.
		WorkInterrupter interrupter = this.releaser.interruptsWork() ? WorkInterrupter.interruptOn(lease.whenLost())
				: null;
		boolean lostWhileRunning;
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
		lostWhileRunning = stop(interrupter);
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
		answer.whenComplete((value, failure) -> {
			if (answer.isCancelled()) {
				cancel(work);
			}
		});
		CompletableFuture<Void> workDone = new CompletableFuture<>();
		work.whenComplete((value, failure) -> {
			workDone.complete(null);
			if (failure != null) {
				answer.completeExceptionally(unwrap(failure));
			}
			else {
				answer.complete(value);
			}
		});
		CompletableFuture.allOf(workDone, transaction)
			.whenComplete((done, ignored) -> lease.release().whenComplete((released, releaseFailure) -> {
				if (releaseFailure != null) {
					this.releaser.logUnreported(lease.getName(), runtime(releaseFailure));
				}
			}));
		return answer;
	}

	private CompletableFuture<Object> releasedOnCompletion(LockLease lease, CompletionStage<?> work) {
		CompletableFuture<Object> answer = new CompletableFuture<>();
		answer.whenComplete((value, failure) -> {
			if (answer.isCancelled()) {
				cancel(work);
			}
		});
		work.whenComplete((value, workFailure) -> lease.release().whenComplete((released, releaseFailure) -> {
			Throwable failure = unwrap(workFailure);
			RuntimeException replaced = (releaseFailure != null)
					? this.releaser.outcome(lease.getName(), failure, runtime(releaseFailure), null) : null;
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
			RuntimeException replaced = this.releaser.outcome(lease.getName(), failure, runtime(ex), null);
			if (replaced != null) {
				throw replaced;
			}
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
	private static @Nullable Object answer(NotAcquiredAnswer notAcquired, @Nullable LockAcquisitionException cause) {
		try {
			return notAcquired.answer(cause);
		}
		catch (Throwable ex) {
			return CompletableFuture.failedFuture(ex);
		}
	}

	static RuntimeException runtime(Throwable failure) {
		Throwable cause = unwrap(failure);
		return (cause instanceof RuntimeException runtime) ? runtime : new IllegalStateException(cause);
	}

	static @Nullable Throwable unwrap(@Nullable Throwable failure) {
		return (failure instanceof CompletionException && failure.getCause() != null) ? failure.getCause() : failure;
	}

}
