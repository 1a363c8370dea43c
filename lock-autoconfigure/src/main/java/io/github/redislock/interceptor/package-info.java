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
 * The machinery behind {@link io.github.redislock.annotation.RedisLock @RedisLock}: an
 * advisor and a method interceptor over {@link io.github.redislock.core.LockOperations},
 * the parsing and start-up validation of annotations, the checks that every locked method
 * is proxied, and the evaluation of key expressions.
 */
@NullMarked
package io.github.redislock.interceptor;

import org.jspecify.annotations.NullMarked;
