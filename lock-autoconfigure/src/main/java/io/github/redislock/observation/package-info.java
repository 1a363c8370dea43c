// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
/**
 * Metrics and traces of the locks with Micrometer, loaded only when it is present.
 * {@link LockObservationDocumentation} lists the observations; docs/operating.md lists
 * the meters.
 * <p>
 * Internal but for the observation documentation, conventions and context, which
 * Micrometer users build on, and the auto-configuration, which applications may exclude.
 */
@NullMarked
package io.github.redislock.observation;

import org.jspecify.annotations.NullMarked;
