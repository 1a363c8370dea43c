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
 * Metrics and traces of the locks with Micrometer: {@code LockMeters} and
 * {@code LockObservations} are the {@link io.github.redislock.core.LockInstrumentation}s
 * the auto-configuration gives the lock client when the application has a
 * {@code MeterRegistry} or an {@code ObservationRegistry}. {@code LockMeterNames} holds
 * the names and tags, which are a public contract. Nothing here is loaded without
 * Micrometer.
 */
@NullMarked
package io.github.redislock.observation;

import org.jspecify.annotations.NullMarked;
