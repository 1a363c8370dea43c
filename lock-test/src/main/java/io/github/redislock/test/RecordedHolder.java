// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.test;

import java.time.Instant;

import io.github.redislock.store.LockHolder;

/**
 * Who a store records as the holder of a lock, as
 * {@link AbstractLockStoreContractTests#recordedHolder(String)} reads it back.
 *
 * @param ownerToken the owner token the lock is recorded for
 * @param holder the holder as the store was given it
 * @param acquiredAt when the store recorded it: the acquisition, or the hand-off
 * @author redis-lock contributors
 * @since 0.1.0
 */
public record RecordedHolder(String ownerToken, LockHolder holder, Instant acquiredAt) {

}
