// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.annotation;

/**
 * What a {@code @RedisLock} method does when its lock turns out to have been lost, so
 * that its work may have overlapped with another holder's. In every case the lock client
 * has logged a warning and published a {@link io.github.redislock.core.LockLostEvent}.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
public enum LostLeaseAction {

	/**
	 * Throw the {@code LockLostException} to the caller, even though the method itself
	 * completed, so that the caller can compensate. When the release waits for a
	 * transaction, the exception reaches whoever commits; after a rollback it is only
	 * logged, since nothing was written.
	 */
	THROW,

	/** Return the method's result: the loss is only logged and published. */
	LOG,

	/**
	 * Stop the work as soon as the lease is found lost while the method runs, then act as
	 * {@link #THROW}: the thread running the method is interrupted (never after the
	 * method returned), a returned {@code CompletionStage} completes with the
	 * {@code LockLostException} and its {@code CompletableFuture} is cancelled, and a
	 * {@code Mono} or {@code Flux} is cancelled and ends with the
	 * {@code LockLostException}. The method's own exception, if any, is added to it as
	 * suppressed.
	 * <p>
	 * Renewal, an operator's revoke or client shutdown finds the loss, within about half
	 * a lease for a renewed lease; one that is not renewed is found lost only at release.
	 * Only work that heeds interrupts stops: a loop that never checks
	 * {@link Thread#isInterrupted()}, or I/O that is not interruptible (plain socket and
	 * JDBC calls), runs on until it ends by itself. A re-entered lock is interrupted
	 * through the outermost {@code @RedisLock} method holding it.
	 */
	INTERRUPT

}
