// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.annotation;

/**
 * What a {@code @RedisLock} method does when its lock turns out to have been lost (its
 * lease ran out or another holder took it), so the work it did may have overlapped with
 * another holder's. In every case the lock client has logged a warning and told its
 * {@code LockLostListener}s, which the auto-configuration bridges to a Spring application
 * event.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
public enum LostLeaseAction {

	/**
	 * Throw the {@code LockLostException} to the caller, even though the method itself
	 * completed, so that the caller can compensate. When the release waits for a
	 * transaction to commit, the exception reaches whoever commits, and says the
	 * transaction had already committed; after a rollback it is only logged, since
	 * nothing was written.
	 */
	THROW,

	/**
	 * Return the method's result: the loss is only logged and published.
	 */
	LOG,

	/**
	 * Stop the work as soon as the lease is found lost while the method runs, then act as
	 * {@link #THROW}: the thread running a blocking method is interrupted (only while it
	 * runs the method, never after it returned), so is the thread running a method that
	 * returns a {@code CompletionStage} until it returned it, the stage it returned
	 * completes with the {@code LockLostException} and its {@code CompletableFuture} is
	 * cancelled, and a {@code Mono} or {@code Flux} is cancelled and ends with the
	 * {@code LockLostException}. The caller gets the {@code LockLostException}, with the
	 * method's own exception, if it ended with one, added as suppressed.
	 * <p>
	 * The loss is found by the lease renewal, by an operator's revoke or at client
	 * shutdown. The delay is bounded by how often renewal looks at the lease (a third of
	 * the lease after its last renewal, on a sweep every sixth: up to half a lease) plus
	 * the time to deliver the interrupt; a lease that is not renewed is found lost only
	 * at release. Only work that heeds interrupts stops: a loop that never checks
	 * {@link Thread#isInterrupted()}, or I/O that is not interruptible (plain socket and
	 * JDBC calls, for example), runs on until it ends by itself. The interrupt status is
	 * left as the method leaves it. A method that re-enters a lock its thread already
	 * holds is interrupted through the outermost {@code @RedisLock} method holding it.
	 */
	INTERRUPT

}
