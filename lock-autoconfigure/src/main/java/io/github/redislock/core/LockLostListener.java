// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.core;

/**
 * Callback for holds whose lease was found lost, for example to alert or to stop work
 * that must not continue without the lock.
 * <p>
 * A loss found by the renewal is told on a daemon thread of the client's, one event at a
 * time in the order the losses were found, never on the renewal thread itself: a slow
 * listener delays later events, but not the renewal of other locks.
 * <p>
 * A loss found by the holding thread itself (at release, at re-entry, when it asks for a
 * fencing token, or when it takes over a lock another thread of its instance handed it)
 * is told on that thread before its call returns, so the listener has run by the time the
 * caller sees its {@link LockLostException}. A hold given up because the client's
 * shutdown timeout ran out is told on the thread that stops the client. Either waits for
 * earlier losses of the same lock still queued, and is then told after them on the
 * client's daemon thread instead, so that the losses of one lock arrive in order.
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
