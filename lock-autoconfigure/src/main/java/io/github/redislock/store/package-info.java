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
 * The service provider interface a lock store implements: {@link LockStore} records who
 * holds a lock and for how long, queues waiters and tells them of releases. The engine
 * owns everything else (threads, re-entry, renewal), so a store is a handful of atomic
 * operations; the Redis one is in {@link io.github.redislock.redis}.
 */
@NullMarked
package io.github.redislock.store;

import org.jspecify.annotations.NullMarked;
