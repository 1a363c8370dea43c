// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
/**
 * Metrics and traces of the locks with Micrometer: {@code LockMeters} and
 * {@code LockObservations} are the {@link io.github.redislock.core.LockInstrumentation}s
 * the auto-configuration gives the lock client when the application has a
 * {@code MeterRegistry} or an {@code ObservationRegistry}. {@code LockMeters} holds the
 * names and tags, which are a public contract, and {@code LockObservationDocumentation}
 * lists the observations. Nothing here is loaded without Micrometer.
 * <p>
 * Internal, but for the meter names, the observation documentation, conventions and
 * context, which dashboards and Micrometer users build on.
 */
@NullMarked
package io.github.redislock.observation;

import org.jspecify.annotations.NullMarked;
