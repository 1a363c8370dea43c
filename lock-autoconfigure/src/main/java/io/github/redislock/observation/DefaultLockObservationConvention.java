// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.observation;

import io.micrometer.common.KeyValues;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationConvention;

/**
 * The names and key values of the lock observations. The low-cardinality key values
 * become the tags of the meters Micrometer's meter observation handler makes, so the
 * outcome is added only once known: added at start, it would also tag the {@code .active}
 * long task timer, which cannot know it.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
public class DefaultLockObservationConvention implements ObservationConvention<LockObservationContext> {

	/**
	 * The convention of the observation around an acquisition.
	 */
	public static final DefaultLockObservationConvention ACQUIRE = new DefaultLockObservationConvention(
			LockMeterNames.ACQUIRE);

	/**
	 * The convention of the observation around a hold.
	 */
	public static final DefaultLockObservationConvention HELD = new DefaultLockObservationConvention(
			LockMeterNames.HELD);

	private final String name;

	/**
	 * Create a convention.
	 * @param name the observation name
	 */
	protected DefaultLockObservationConvention(String name) {
		this.name = name;
	}

	@Override
	public String getName() {
		return this.name;
	}

	@Override
	public KeyValues getLowCardinalityKeyValues(LockObservationContext context) {
		String outcome = context.getOutcome();
		KeyValues values = KeyValues.of(LockMeterNames.NAME_TAG, context.getLabel());
		return (outcome != null) ? values.and(LockMeterNames.OUTCOME_TAG, outcome) : values;
	}

	@Override
	public KeyValues getHighCardinalityKeyValues(LockObservationContext context) {
		KeyValues values = KeyValues.of(LockMeterNames.KEY, context.getLockName());
		long token = context.getFencingToken();
		return (token != 0) ? values.and(LockMeterNames.FENCING_TOKEN, Long.toString(token)) : values;
	}

	@Override
	public boolean supportsContext(Observation.Context context) {
		return context instanceof LockObservationContext;
	}

}
