// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.observation;

import io.micrometer.observation.Observation;
import org.jspecify.annotations.Nullable;

/**
 * What an observation of a lock acquisition or hold knows.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
public class LockObservationContext extends Observation.Context {

	private final String lockName;

	private final String label;

	private volatile @Nullable String outcome;

	private volatile long fencingToken;

	/**
	 * Create a context.
	 * @param lockName the lock name, such as an evaluated key
	 * @param label the bounded name the lock is reported under
	 */
	public LockObservationContext(String lockName, String label) {
		this.lockName = lockName;
		this.label = label;
	}

	/**
	 * Return the lock name: unbounded, for traces only, and often holding a user id.
	 * @return the lock name
	 */
	public String getLockName() {
		return this.lockName;
	}

	/**
	 * Return the bounded name the lock is reported under.
	 * @return the label
	 */
	public String getLabel() {
		return this.label;
	}

	/**
	 * Return how the acquisition or the hold ended.
	 * @return {@code acquired}, {@code not_acquired} or {@code error} for an acquisition,
	 * {@code released} or {@code lost} for a hold; {@code null} until it ended
	 */
	public @Nullable String getOutcome() {
		return this.outcome;
	}

	void setOutcome(String outcome) {
		this.outcome = outcome;
	}

	/**
	 * Return the fencing token of the hold.
	 * @return the token, {@code 0} if none was issued
	 */
	public long getFencingToken() {
		return this.fencingToken;
	}

	void setFencingToken(long fencingToken) {
		this.fencingToken = fencingToken;
	}

}
