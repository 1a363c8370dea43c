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

/**
 * Test support, for the test scope of applications and store authors:
 * {@link InMemoryLockStore}, a {@link io.github.redislock.store.LockStore} in the memory
 * of one JVM that replaces the Redis one in tests, and
 * {@link AbstractLockStoreContractTests}, the contract every store passes.
 */
@NullMarked
package io.github.redislock.test;

import org.jspecify.annotations.NullMarked;
