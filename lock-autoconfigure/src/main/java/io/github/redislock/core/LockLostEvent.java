// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.core;

/**
 * Tells that a held lock's lease was found lost: the store no longer records the holder,
 * or could not be reached before the lease ran out.
 *
 * @param lockName the lock name
 * @param fencingToken the fencing token of the lost hold, {@code 0} if none was issued
 * @param reason why the lease is considered lost
 * @author redis-lock contributors
 * @since 0.1.0
 */
public record LockLostEvent(String lockName, long fencingToken, String reason) {

}
