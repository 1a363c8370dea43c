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

	// Meter names, listed with their tags in docs/operating.md.

	/**
	 * Acquisitions, from the call to acquired or given up; a timer and an observation.
	 */
	static final String ACQUIRE = "redis.lock.acquire";

	/** Holds, from acquisition to release; a timer and an observation. */
	static final String HELD = "redis.lock.held";

	static final String ACTIVE_SUFFIX = ".active";

	static final String LOST = "redis.lock.lost";

	static final String RENEWALS = "redis.lock.renewals";

	static final String FALLBACKS = "redis.lock.fallbacks";

	static final String JOB_RUNS = "redis.lock.job.runs";

	static final String JOB_SKIPS = "redis.lock.job.skips";

	// Tags, and key values on spans only (KEY, FENCING_TOKEN).

	static final String NAME_TAG = "name";

	static final String OUTCOME_TAG = "outcome";

	/** The exception's simple class name, {@code none} without one, as Micrometer's. */
	static final String ERROR_TAG = "error";

	static final String REASON_TAG = "reason";

	static final String KEY = "key";

	static final String FENCING_TOKEN = "fencing.token";

	// Outcomes: of an acquisition, of a hold, of a renewal.

	static final String ACQUIRED = "acquired";

	static final String NOT_ACQUIRED = "not_acquired";

	static final String ERROR = "error";

	static final String RELEASED = "released";

	static final String LOST_OUTCOME = "lost";

	static final String RENEWED = "renewed";

	static final String FAILED = "failed";

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
		return new MeteredAcquisition(this.evaluatedKeys ? name : label);
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

	/** The timers of an acquisition or a hold in progress, if this records timers. */
	private @Nullable Timing startTiming(String name, String tag) {
		if (!this.timers) {
			return null;
		}
		LongTaskTimer.Sample active = LongTaskTimer.builder(name + ACTIVE_SUFFIX)
			.tag(NAME_TAG, tag)
			.register(this.registry)
			.start();
		return new Timing(this.registry, name, tag, active, Timer.start(this.registry));
	}

	private record Timing(MeterRegistry registry, String name, String tag, LongTaskTimer.Sample active,
			Timer.Sample sample) {

		void stop(String outcome, @Nullable Throwable error) {
			this.sample.stop(Timer.builder(this.name)
				.tags(Tags.of(NAME_TAG, this.tag, OUTCOME_TAG, outcome, ERROR_TAG,
						(error != null) ? error.getClass().getSimpleName() : NO_ERROR))
				.register(this.registry));
			this.active.stop();
		}

	}

	private final class MeteredAcquisition implements Acquisition {

		private final String tag;

		private final @Nullable Timing timing;

		MeteredAcquisition(String tag) {
			this.tag = tag;
			this.timing = startTiming(ACQUIRE, tag);
		}

		@Override
		public Hold acquired() {
			end(ACQUIRED, null);
			return new MeteredHold(this.tag);
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
			if (this.timing != null) {
				this.timing.stop(outcome, error);
			}
		}

	}

	private final class MeteredHold implements Hold {

		private final String tag;

		private final @Nullable Timing timing;

		private volatile boolean lost;

		MeteredHold(String tag) {
			this.tag = tag;
			this.timing = startTiming(HELD, tag);
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

		@Override
		public void ended(long fencingToken) {
			if (this.timing != null) {
				this.timing.stop(this.lost ? LOST_OUTCOME : RELEASED, null);
			}
		}

	}

}
