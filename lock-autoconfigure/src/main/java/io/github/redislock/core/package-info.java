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
 * The programmatic lock API that application code calls: {@link LockClient} and its
 * {@link DistributedLock} handles, {@link LockOperations} and its template, the
 * {@link LockDefinition} they take, the {@link LockException} hierarchy of every failure
 * about a lock at run time, and the {@link InvalidLockConfigurationException} that stops
 * start-up. Nothing here names Spring AOP, SpEL or Redis; the implementation is in
 * {@link io.github.redislock.engine}, over a {@link io.github.redislock.store store}.
 */
@NullMarked
package io.github.redislock.core;

import org.jspecify.annotations.NullMarked;
