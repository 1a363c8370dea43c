// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.observation;

import io.micrometer.common.KeyValues;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationConvention;

/**
 * The names and key values of the lock observations listed in
 * {@link LockObservationDocumentation}. The low-cardinality key values become the tags of
 * the meters Micrometer's meter observation handler makes, so the outcome is added only
 * once known: added at start, it would also tag the {@code .active} long task timer,
 * which cannot know it.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
public class DefaultLockObservationConvention implements ObservationConvention<LockObservationContext> {

	private final LockObservationDocumentation observation;

	private final boolean includeKey;

	/**
	 * Create a convention.
	 * @param observation the observation it names
	 * @param includeKey whether to add the evaluated lock key as the high-cardinality key
	 * value {@code key}
	 */
	public DefaultLockObservationConvention(LockObservationDocumentation observation, boolean includeKey) {
		this.observation = observation;
		this.includeKey = includeKey;
	}

	@Override
	public String getName() {
		return (this.observation == LockObservationDocumentation.ACQUIRE) ? LockMeters.ACQUIRE : LockMeters.HELD;
	}

	/**
	 * Return the span name: {@code lock acquire <name>} or {@code lock held <name>}, as
	 * bounded as the {@code name} key value.
	 */
	@Override
	public String getContextualName(LockObservationContext context) {
		return ((this.observation == LockObservationDocumentation.ACQUIRE) ? "lock acquire " : "lock held ")
				+ context.getLabel();
	}

	@Override
	public KeyValues getLowCardinalityKeyValues(LockObservationContext context) {
		String outcome = context.getOutcome();
		KeyValues values = KeyValues.of(LockMeters.NAME_TAG, context.getLabel());
		return (outcome != null) ? values.and(LockMeters.OUTCOME_TAG, outcome) : values;
	}

	@Override
	public KeyValues getHighCardinalityKeyValues(LockObservationContext context) {
		KeyValues values = this.includeKey ? KeyValues.of(LockMeters.KEY, context.getLockName()) : KeyValues.empty();
		long token = context.getFencingToken();
		return (token != 0) ? values.and(LockMeters.FENCING_TOKEN, Long.toString(token)) : values;
	}

	@Override
	public boolean supportsContext(Observation.Context context) {
		return context instanceof LockObservationContext;
	}

}
