// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.observation;

/**
 * The names and tags of the lock meters and observations: a public contract, which
 * dashboards and alerts are built on, listed in docs/operating.md.
 * <p>
 * The timers have the shape Micrometer's {@code DefaultMeterObservationHandler} gives
 * meters made from an observation, so they are the same whether {@link LockMeters}
 * records them or the handler makes them from {@link LockObservations}.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
public final class LockMeterNames {

	/**
	 * Timer of acquisitions, from the call to acquired or given up; also the name of the
	 * observation around an acquisition.
	 */
	public static final String ACQUIRE = "redis.lock.acquire";

	/**
	 * Timer of holds, from acquisition to release; also the name of the observation
	 * around a hold.
	 */
	public static final String HELD = "redis.lock.held";

	/**
	 * Suffix of the long task timers of acquisitions and holds in progress.
	 */
	public static final String ACTIVE_SUFFIX = ".active";

	/**
	 * Counter of leases found lost, by renewal or at release.
	 */
	public static final String LOST = "redis.lock.lost";

	/**
	 * Counter of lease renewals.
	 */
	public static final String RENEWALS = "redis.lock.renewals";

	/**
	 * Counter of {@code @RedisLock} calls that a fallback method or the
	 * {@code LockAcquisitionFailureHandler} answered.
	 */
	public static final String FALLBACKS = "redis.lock.fallbacks";

	/**
	 * Tag of the lock's label (never its evaluated key, unless configured so).
	 */
	public static final String NAME_TAG = "name";

	/**
	 * Tag of how an acquisition, a hold or a renewal ended.
	 */
	public static final String OUTCOME_TAG = "outcome";

	/**
	 * Tag of the exception's simple class name, {@code none} without one; added by
	 * Micrometer's meter observation handler, and by {@link LockMeters} alike.
	 */
	public static final String ERROR_TAG = "error";

	/**
	 * High-cardinality key value (traces only) of the evaluated lock key.
	 */
	public static final String KEY = "key";

	/**
	 * High-cardinality key value (traces only) of the fencing token, when one was issued.
	 */
	public static final String FENCING_TOKEN = "fencing.token";

	/** Acquisition outcome: the lock was acquired. */
	public static final String ACQUIRED = "acquired";

	/** Acquisition outcome: the wait time passed with the lock busy. */
	public static final String NOT_ACQUIRED = "not_acquired";

	/**
	 * Acquisition outcome: the acquisition failed (Redis failed, the thread was
	 * interrupted, or the client was stopping).
	 */
	public static final String ERROR = "error";

	/** Hold outcome: released, passed on, or abandoned by a thread that ended. */
	public static final String RELEASED = "released";

	/** Hold outcome: the lease was found lost before the hold ended. */
	public static final String LOST_OUTCOME = "lost";

	/** Renewal outcome: the lease was extended. */
	public static final String RENEWED = "renewed";

	/** Renewal outcome: the renewal failed. */
	public static final String FAILED = "failed";

	/** Value of {@link #ERROR_TAG} without an exception. */
	public static final String NO_ERROR = "none";

	private LockMeterNames() {
	}

}
