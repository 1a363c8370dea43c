// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.interceptor;

import java.util.concurrent.CompletionException;

import io.github.redislock.annotation.LostLeaseAction;
import io.github.redislock.core.AcquiredLock;
import io.github.redislock.core.LockLostException;
import io.github.redislock.core.LockStoreException;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.core.Ordered;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;
import org.springframework.util.ClassUtils;

/**
 * Releases a {@code @RedisLock} call's lock at once or, inside a Spring transaction,
 * after it completes, whatever the advisor order: released before the commit, the next
 * holder would read the data without this holder's writes.
 *
 * @author redis-lock contributors
 */
final class LockReleaser {

	private static final Logger logger = LoggerFactory.getLogger(LockReleaser.class);

	private static final boolean transactionsPresent = ClassUtils.isPresent(
			"org.springframework.transaction.support.TransactionSynchronizationManager",
			LockReleaser.class.getClassLoader());

	private final LostLeaseAction lostLeaseAction;

	LockReleaser(LostLeaseAction lostLeaseAction) {
		this.lostLeaseAction = lostLeaseAction;
	}

	/**
	 * {@code workInterrupted} when the work was interrupted on the loss of its lease: the
	 * loss then explains the work's own failure, and is thrown with it suppressed.
	 */
	void release(AcquiredLock lock, @Nullable Throwable failure, boolean workInterrupted) {
		if (transactionsPresent && TransactionSynchronizationManager.isSynchronizationActive()) {
			TransactionSynchronizationManager.registerSynchronization(new ReleaseAfterCompletion(lock, failure));
			return;
		}
		try {
			lock.close();
		}
		catch (RuntimeException ex) {
			if (ex instanceof LockLostException && workInterrupted && failure != null) {
				ex.addSuppressed(failure);
				throw ex;
			}
			report(lock.getName(), failure, ex, null);
		}
	}

	/** Throws what {@link #outcome} returns. */
	void report(String name, @Nullable Throwable failure, RuntimeException ex, @Nullable String committed) {
		RuntimeException thrown = outcome(name, failure, ex, committed);
		if (thrown != null) {
			throw thrown;
		}
	}

	/**
	 * What a failed release means for the caller: the method's own exception stands, with
	 * it added as suppressed; a lost lease is thrown or logged as configured; a store
	 * failure is logged, since the lock frees itself. Returns the exception to throw
	 * instead of the method's result, or {@code null}.
	 */
	@Nullable RuntimeException outcome(String name, @Nullable Throwable failure, RuntimeException ex,
			@Nullable String committed) {
		if (failure != null) {
			failure.addSuppressed(ex);
		}
		else if (ex instanceof LockLostException lost && this.lostLeaseAction != LostLeaseAction.LOG) {
			return (committed != null) ? new LockLostException(name, lost.getMessage() + committed, lost) : lost;
		}
		else if (ex instanceof LockLostException) {
			// The lock client has already logged the loss and told the listeners.
			logger.atDebug()
				.addKeyValue("lock.name", name)
				.addKeyValue("lock.outcome", "lost")
				.setCause(ex)
				.log("Lease of lock '{}' was lost; returning the method's result as configured", name);
		}
		else {
			// A store failure says already which lock, why, and that it frees itself.
			String problem = (ex instanceof LockStoreException) ? ex.getMessage() : "Could not release lock '" + name
					+ "' (" + ex.getMessage() + "); it frees itself when its lease runs out";
			logger.atWarn()
				.addKeyValue("lock.name", name)
				.addKeyValue("lock.outcome", "release_failed")
				.setCause(ex)
				.log("{}; the method's result stands", problem);
		}
		return null;
	}

	/** For a failed release after the caller already has the method's outcome. */
	void logUnreported(String name, RuntimeException ex) {
		if (outcome(name, null, ex, null) != null) {
			logger.atWarn()
				.addKeyValue("lock.name", name)
				.addKeyValue("lock.outcome", "lost")
				.setCause(ex)
				.log("Lease of lock '{}' was lost before its work and transaction completed; the caller already "
						+ "had the method's result", name);
		}
	}

	/**
	 * Runs {@code completed} after the current thread's transaction commits or rolls
	 * back, on the thread that completes it; returns {@code false} outside a transaction.
	 */
	boolean afterTransaction(Runnable completed) {
		if (!transactionsPresent || !TransactionSynchronizationManager.isSynchronizationActive()) {
			return false;
		}
		TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {

			@Override
			public int getOrder() {
				return Ordered.LOWEST_PRECEDENCE;
			}

			@Override
			public void afterCompletion(int status) {
				completed.run();
			}

		});
		return true;
	}

	boolean endsReactiveWorkOnLoss() {
		return this.lostLeaseAction != LostLeaseAction.LOG;
	}

	boolean interruptsWork() {
		return this.lostLeaseAction == LostLeaseAction.INTERRUPT;
	}

	static RuntimeException runtime(Throwable failure) {
		Throwable cause = unwrap(failure);
		return (cause instanceof RuntimeException runtime) ? runtime : new IllegalStateException(cause);
	}

	static @Nullable Throwable unwrap(@Nullable Throwable failure) {
		return (failure instanceof CompletionException && failure.getCause() != null) ? failure.getCause() : failure;
	}

	private final class ReleaseAfterCompletion implements TransactionSynchronization {

		private final AcquiredLock lock;

		private final @Nullable Throwable failure;

		private boolean released;

		ReleaseAfterCompletion(AcquiredLock lock, @Nullable Throwable failure) {
			this.lock = lock;
			this.failure = failure;
		}

		@Override
		public int getOrder() {
			return Ordered.LOWEST_PRECEDENCE;
		}

		// Spring rethrows what afterCommit throws to the caller of commit, and only logs
		// what afterCompletion throws.
		@Override
		public void afterCommit() {
			this.released = true;
			try {
				this.lock.close();
			}
			catch (RuntimeException ex) {
				report(this.lock.getName(), this.failure, ex, "; the transaction had already committed, so what the "
						+ "method wrote may have overlapped with another holder's work");
			}
		}

		@Override
		public void afterCompletion(int status) {
			if (this.released) {
				return;
			}
			this.released = true;
			try {
				this.lock.close();
			}
			catch (RuntimeException ex) {
				// The transaction has completed: there is nobody left to throw to.
				logger.warn("Could not release lock '{}' cleanly after its transaction completed", this.lock.getName(),
						ex);
			}
		}

	}

}
