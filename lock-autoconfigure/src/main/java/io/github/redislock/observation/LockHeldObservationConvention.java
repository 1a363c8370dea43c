// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.observation;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationConvention;

/**
 * The convention of the {@link LockObservationDocumentation#HELD} observation, the hold
 * of a lock: a bean of this type replaces the {@link DefaultLockObservationConvention}
 * for that observation only. Extend {@link DefaultLockObservationConvention} to change a
 * part of it.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
public interface LockHeldObservationConvention extends ObservationConvention<LockObservationContext> {

	@Override
	default boolean supportsContext(Observation.Context context) {
		return context instanceof LockObservationContext;
	}

}
