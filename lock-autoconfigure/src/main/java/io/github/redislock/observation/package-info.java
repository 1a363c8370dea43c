// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
/**
 * Metrics and traces of the locks with Micrometer: {@code LockMeters} and
 * {@code LockObservations} are the {@link io.github.redislock.core.LockInstrumentation}s
 * the auto-configuration gives the lock client when the application has a
 * {@code MeterRegistry} or an {@code ObservationRegistry}. {@code LockMeterNames} holds
 * the names and tags, which are a public contract. Nothing here is loaded without
 * Micrometer.
 * <p>
 * Internal, but for the meter names and the observation convention and context, which
 * dashboards and Micrometer users build on.
 */
@NullMarked
package io.github.redislock.observation;

import org.jspecify.annotations.NullMarked;
