// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
/**
 * Metrics and traces of the locks with Micrometer:
 * {@link RedisLockMetricsAutoConfiguration} gives the lock client and the
 * {@code @RedisLock} interceptor a {@link io.github.redislock.core.LockInstrumentation}
 * that records meters when the application has a {@code MeterRegistry}, and one that
 * makes observations when it has an {@code ObservationRegistry}.
 * {@link LockObservationDocumentation} lists the observations; the meter names and tags,
 * on which dashboards are built, are listed in docs/operating.md. Nothing here is loaded
 * without Micrometer.
 * <p>
 * Internal, but for the observation documentation, conventions and context, which
 * Micrometer users build on, and the auto-configuration, which applications may exclude.
 */
@NullMarked
package io.github.redislock.observation;

import org.jspecify.annotations.NullMarked;
