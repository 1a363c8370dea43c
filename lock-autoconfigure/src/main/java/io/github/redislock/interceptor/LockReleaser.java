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
		if (failure != null) {
			failure.addSuppressed(ex);
		}
		else if (ex instanceof LockLostException lost && this.lostLeaseAction == LostLeaseAction.THROW) {
			if (committed == null) {
				throw lost;
			}
			throw new LockLostException(lock.getName(), lost.getMessage() + committed, lost);
		}
		else if (ex instanceof LockLostException) {
			// The lock client has already logged the loss and told the listeners.
			logger.atDebug()
				.addKeyValue("lock.name", lock.getName())
				.addKeyValue("lock.outcome", "lost")
				.setCause(ex)
				.log("Lease of lock '{}' was lost; returning the method's result as configured", lock.getName());
		}
		else {
			// A store failure says already which lock, why, and that it frees itself.
			String problem = (ex instanceof LockStoreException) ? ex.getMessage() : "Could not release lock '"
					+ lock.getName() + "' (" + ex.getMessage() + "); it frees itself when its lease runs out";
			logger.atWarn()
				.addKeyValue("lock.name", lock.getName())
				.addKeyValue("lock.outcome", "release_failed")
				.setCause(ex)
				.log("{}; the method's result stands", problem);
		}
	}

	/**
	 * Releases after commit or rollback, on the thread that completes the transaction,
	 * which is the thread that holds the lock, and last among the synchronizations.
	 * <p>
	 * After a commit the release runs in {@code afterCommit}, whose exceptions reach the
	 * caller of the commit: a lease lost while the method ran is thrown to whoever
	 * committed (the caller of the outermost {@code @Transactional} method), whichever
	 * advisor runs outside. {@code afterCompletion} cannot throw, so it only releases
	 * what a rollback, or a failure before this synchronization's turn, left held.
	 */
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
