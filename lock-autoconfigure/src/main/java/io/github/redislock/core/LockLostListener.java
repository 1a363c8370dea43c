// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.core;

/**
 * Callback for holds whose lease was found lost, for example to alert or to stop work
 * that must not continue without the lock.
 * <p>
 * A loss found by the renewal is told on a daemon thread of the client's, in the order
 * found, never on the renewal thread: a slow listener delays later events, not renewals.
 * A loss found by the holding thread itself (at release, re-entry, a fencing token
 * request or a take-over) is told on that thread before its call returns, and one given
 * up at the shutdown timeout on the thread that stops the client, unless earlier losses
 * of the same lock are still queued: the losses of one lock arrive in order.
 * <p>
 * An exception thrown by the listener is logged and does not stop later events.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
@FunctionalInterface
public interface LockLostListener {

	/**
	 * Handle a lost lease.
	 * @param event what was lost and why
	 */
	void onLockLost(LockLostEvent event);

}
