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
 * What application code types next to a locked method: the {@link RedisLock @RedisLock}
 * annotation, the {@link LockContext} of the running locked method, the
 * {@link LockAcquisitionFailureHandler} and {@link LostLeaseAction} it may name. What a
 * locked method's caller may catch is the {@link io.github.redislock.core.LockException}
 * hierarchy in {@link io.github.redislock.core}. The machinery that applies the
 * annotation is in {@link io.github.redislock.interceptor}.
 */
@NullMarked
package io.github.redislock.annotation;

import org.jspecify.annotations.NullMarked;
