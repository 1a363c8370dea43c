// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.interceptor;

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
 * Releases the lock of a {@code @RedisLock} call: at once, or, when the call ran inside a
 * Spring transaction, after that transaction completes. Releasing before the commit would
 * let the next holder read the data as it was before this holder's writes, which is the
 * very race the lock is there to prevent. Waiting for completion makes the result
 * independent of whether the lock advisor runs inside or outside the transaction advisor.
 * <p>
 * A release failure never hides the method's own exception: it is added to it as
 * suppressed.
 *
 * @author redis-lock contributors
 * @since 0.1.0
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
	 * Release the lock, or arrange its release after the current transaction.
	 * @param lock the lock
	 * @param failure what the method threw, or {@code null}
	 * @throws LockLostException if the lease was lost, the method completed normally and
	 * the action is {@link LostLeaseAction#THROW}
	 */
	void release(AcquiredLock lock, @Nullable Throwable failure) {
		if (transactionsPresent && TransactionSynchronizationManager.isSynchronizationActive()) {
			TransactionSynchronizationManager.registerSynchronization(new ReleaseAfterCompletion(lock, failure));
			return;
		}
		try {
			lock.close();
		}
		catch (RuntimeException ex) {
			report(lock, failure, ex, null);
		}
	}

	/**
	 * Report a failed release: add it to the method's exception, throw a lost lease when
	 * so configured, else log it.
	 * @param committed the note that the transaction committed before the lock was found
	 * lost, or {@code null} outside a transaction
	 */
	private void report(AcquiredLock lock, @Nullable Throwable failure, RuntimeException ex,
			@Nullable String committed) {
		RuntimeException thrown = outcome(lock.getName(), failure, ex, committed);
		if (thrown != null) {
			throw thrown;
		}
	}

	/**
	 * Decide what a release that failed means for the caller: the method's own failure
	 * carries it as suppressed; a lost lease is thrown or logged as configured; a store
	 * failure is logged, since the lock frees itself.
	 * @param name the lock name
	 * @param failure what the method threw, or {@code null}
	 * @param ex what the release threw
	 * @param committed what to add to a lost lease's message after a commit, or
	 * {@code null}
	 * @return the exception to give the caller instead of the method's result, or
	 * {@code null} to give it the result
	 */
	@Nullable RuntimeException outcome(String name, @Nullable Throwable failure, RuntimeException ex,
			@Nullable String committed) {
		if (failure != null) {
			failure.addSuppressed(ex);
		}
		else if (ex instanceof LockLostException lost && this.lostLeaseAction == LostLeaseAction.THROW) {
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

	/**
	 * Log a failed release that nobody is left to be told of: the caller already has the
	 * method's outcome.
	 * @param name the lock name
	 * @param ex what the release threw
	 */
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
	 * Call back once the transaction of the current thread completes, committed or rolled
	 * back, if the thread runs in one.
	 * @param completed called after the transaction completed, on the thread that
	 * completed it
	 * @return whether the thread runs in a transaction, so that the callback is due
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

	/**
	 * Whether a lease found lost while the work still runs ends that work with the loss.
	 * @return whether losses are thrown to the caller
	 */
	boolean throwsLostLeases() {
		return this.lostLeaseAction == LostLeaseAction.THROW;
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

		@Override
		public void afterCommit() {
			this.released = true;
			try {
				this.lock.close();
			}
			catch (RuntimeException ex) {
				report(this.lock, this.failure, ex, "; the transaction had already committed, so what the "
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
