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
