// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.observation;

import io.github.redislock.core.LockInstrumentation;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.LongTaskTimer;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import org.jspecify.annotations.Nullable;

/**
 * Records the lock meters: the counters always, the acquire and held timers only when no
 * observation registry makes them. Its names and tags are listed in docs/operating.md,
 * where dashboards are built on them.
 *
 * @author redis-lock contributors
 */
final class LockMeters implements LockInstrumentation {

	/** Timer and observation of acquisitions, from the call to acquired or given up. */
	static final String ACQUIRE = "redis.lock.acquire";

	/** Timer and observation of holds, from acquisition to release. */
	static final String HELD = "redis.lock.held";

	/** Suffix of the long task timers of acquisitions and holds in progress. */
	static final String ACTIVE_SUFFIX = ".active";

	/** Counter of leases found lost, by renewal or at release. */
	static final String LOST = "redis.lock.lost";

	/** Counter of lease renewals. */
	static final String RENEWALS = "redis.lock.renewals";

	/**
	 * Counter of {@code @RedisLock} calls that a fallback or the failure handler
	 * answered.
	 */
	static final String FALLBACKS = "redis.lock.fallbacks";

	/** Counter of ticks of scheduled {@code @RedisLock} methods run on this instance. */
	static final String JOB_RUNS = "redis.lock.job.runs";

	/** Counter of ticks of scheduled {@code @RedisLock} methods this instance skipped. */
	static final String JOB_SKIPS = "redis.lock.job.skips";

	/** Tag of why a tick was skipped: {@code ran-elsewhere} or {@code busy}. */
	static final String REASON_TAG = "reason";

	/** Tag of the lock's label (never its evaluated key, unless configured so). */
	static final String NAME_TAG = "name";

	/** Tag of how an acquisition, a hold or a renewal ended. */
	static final String OUTCOME_TAG = "outcome";

	/**
	 * Tag of the exception's simple class name, {@code none} without one, as Micrometer's
	 * handler adds it.
	 */
	static final String ERROR_TAG = "error";

	/**
	 * Key value (traces only) of the evaluated lock key, only when asked for: keys often
	 * hold user ids.
	 */
	static final String KEY = "key";

	/** Key value (traces only) of the fencing token, when one was issued. */
	static final String FENCING_TOKEN = "fencing.token";

	/** Acquisition outcome: the lock was acquired. */
	static final String ACQUIRED = "acquired";

	/** Acquisition outcome: the wait time passed with the lock busy. */
	static final String NOT_ACQUIRED = "not_acquired";

	/**
	 * Acquisition outcome: Redis failed, the thread was interrupted, or the client was
	 * stopping.
	 */
	static final String ERROR = "error";

	/** Hold outcome: released, passed on, or abandoned by a thread that ended. */
	static final String RELEASED = "released";

	/** Hold outcome: the lease was found lost before the hold ended. */
	static final String LOST_OUTCOME = "lost";

	/** Renewal outcome: the lease was extended. */
	static final String RENEWED = "renewed";

	/** Renewal outcome: the renewal failed. */
	static final String FAILED = "failed";

	/** Value of {@link #ERROR_TAG} without an exception. */
	static final String NO_ERROR = "none";

	private final MeterRegistry registry;

	private final boolean timers;

	private final boolean evaluatedKeys;

	/**
	 * {@code timers} is {@code false} when the timers come from observations;
	 * {@code evaluatedKeys} tags locks with their name instead of their label.
	 */
	LockMeters(MeterRegistry registry, boolean timers, boolean evaluatedKeys) {
		this.registry = registry;
		this.timers = timers;
		this.evaluatedKeys = evaluatedKeys;
	}

	@Override
	public Acquisition acquisitionStarted(String name, String label) {
		String tag = this.evaluatedKeys ? name : label;
		return this.timers ? new TimedAcquisition(tag) : new CountedAcquisition(tag);
	}

	@Override
	public void fallbackAnswered(String name, String label) {
		Counter.builder(FALLBACKS)
			.description("@RedisLock calls answered by a fallback because the lock was not acquired")
			.tag(NAME_TAG, this.evaluatedKeys ? name : label)
			.register(this.registry)
			.increment();
	}

	@Override
	public void jobRan(String name, String label) {
		Counter.builder(JOB_RUNS)
			.description("Ticks of scheduled @RedisLock methods run on this instance")
			.tag(NAME_TAG, this.evaluatedKeys ? name : label)
			.register(this.registry)
			.increment();
	}

	@Override
	public void jobSkipped(String name, String label, String reason) {
		Counter.builder(JOB_SKIPS)
			.description("Ticks of scheduled @RedisLock methods this instance skipped")
			.tags(NAME_TAG, this.evaluatedKeys ? name : label, REASON_TAG, reason)
			.register(this.registry)
			.increment();
	}

	private LongTaskTimer.Sample startActive(String name, String tag) {
		return LongTaskTimer.builder(name + ACTIVE_SUFFIX).tag(NAME_TAG, tag).register(this.registry).start();
	}

	private void stop(Timer.Sample sample, String name, String tag, String outcome, @Nullable Throwable error) {
		sample.stop(Timer.builder(name)
			.tags(Tags.of(NAME_TAG, tag, OUTCOME_TAG, outcome, ERROR_TAG,
					(error != null) ? error.getClass().getSimpleName() : NO_ERROR))
			.register(this.registry));
	}

	private final class CountedAcquisition implements Acquisition {

		private final String tag;

		CountedAcquisition(String tag) {
			this.tag = tag;
		}

		@Override
		public Hold acquired() {
			return new CountedHold(this.tag);
		}

	}

	private final class TimedAcquisition implements Acquisition {

		private final String tag;

		private final LongTaskTimer.Sample active;

		private final Timer.Sample sample;

		TimedAcquisition(String tag) {
			this.tag = tag;
			this.active = startActive(ACQUIRE, tag);
			this.sample = Timer.start(LockMeters.this.registry);
		}

		@Override
		public Hold acquired() {
			end(ACQUIRED, null);
			return new TimedHold(this.tag);
		}

		@Override
		public void notAcquired() {
			end(NOT_ACQUIRED, null);
		}

		@Override
		public void failed(Throwable failure) {
			end(ERROR, failure);
		}

		private void end(String outcome, @Nullable Throwable error) {
			stop(this.sample, ACQUIRE, this.tag, outcome, error);
			this.active.stop();
		}

	}

	private class CountedHold implements Hold {

		final String tag;

		volatile boolean lost;

		CountedHold(String tag) {
			this.tag = tag;
		}

		@Override
		public void renewed() {
			renewal(RENEWED);
		}

		@Override
		public void renewalFailed() {
			renewal(FAILED);
		}

		private void renewal(String outcome) {
			Counter.builder(RENEWALS)
				.description("Lease renewals of held locks")
				.tag(OUTCOME_TAG, outcome)
				.register(LockMeters.this.registry)
				.increment();
		}

		@Override
		public void lost() {
			this.lost = true;
			Counter.builder(LOST)
				.description("Leases of held locks found lost, by renewal or at release")
				.tag(NAME_TAG, this.tag)
				.register(LockMeters.this.registry)
				.increment();
		}

	}

	private final class TimedHold extends CountedHold {

		private final LongTaskTimer.Sample active;

		private final Timer.Sample sample;

		TimedHold(String tag) {
			super(tag);
			this.active = startActive(HELD, tag);
			this.sample = Timer.start(LockMeters.this.registry);
		}

		@Override
		public void ended(long fencingToken) {
			stop(this.sample, HELD, this.tag, this.lost ? LOST_OUTCOME : RELEASED, null);
			this.active.stop();
		}

	}

}
