// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.core;

import org.jspecify.annotations.Nullable;

/**
 * Base class of every exception this library throws about a lock at run time, so that one
 * {@code catch} sees them all. Bad arguments ({@link IllegalArgumentException}) and
 * unlocking a lock the thread does not hold ({@link IllegalMonitorStateException}) stay
 * outside, as the JDK's {@link java.util.concurrent.locks.Lock} contract has them; so
 * does an {@link InvalidLockConfigurationException}, which stops start-up instead.
 * <p>
 * The kinds: {@link LockAcquisitionException} (busy for the whole wait),
 * {@link LockLostException}, {@link LockStoreException},
 * {@link LockClientClosedException}, {@link LockKeyEvaluationException}, and for fenced
 * writes {@link StaleFencingTokenException}.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
public abstract class LockException extends RuntimeException {

	private final String lockName;

	/**
	 * Create an exception.
	 * @param lockName the name of the lock concerned
	 * @param message the detail message, naming the lock
	 * @param cause the underlying failure, if any
	 */
	protected LockException(String lockName, String message, @Nullable Throwable cause) {
		super(message, cause);
		this.lockName = lockName;
	}

	/**
	 * Return the name of the lock concerned.
	 * @return the lock name
	 */
	public String getLockName() {
		return this.lockName;
	}

}
