// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.core;

/**
 * Tells that a held lock's lease was found lost: the store no longer records the holder,
 * or could not be reached before the lease ran out. With Spring Boot it is published as
 * an application event, so that an {@code @EventListener} can alert or stop work that
 * must not continue without the lock; a lock client built by hand gives it to the
 * listener it was created with.
 * <p>
 * A loss found by the renewal is told on a daemon thread of the client's, in the order
 * found, never on the renewal thread: a slow listener delays later events, not renewals.
 * A loss found by the holding thread itself (at release, re-entry, a fencing token
 * request or a take-over) is told on that thread before its call returns, and one given
 * up at the shutdown timeout on the thread that stops the client, unless earlier losses
 * of the same lock are still queued: the losses of one lock arrive in order. An exception
 * thrown by a listener is logged and does not stop later events.
 *
 * @param lockName the lock name
 * @param fencingToken the fencing token of the lost hold, {@code 0} if none was issued
 * @param reason why the lease is considered lost
 * @author redis-lock contributors
 * @since 0.1.0
 */
public record LockLostEvent(String lockName, long fencingToken, String reason) {

}
