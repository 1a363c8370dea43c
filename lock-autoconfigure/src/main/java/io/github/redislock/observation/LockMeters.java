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

	// The names the observations and tests share.

	/** From the call to acquired or given up: a timer and an observation. */
	static final String ACQUIRE = "redis.lock.acquire";

	/** From acquisition to release: a timer and an observation. */
	static final String HELD = "redis.lock.held";

	static final String JOB_RUNS = "redis.lock.job.runs";

	static final String JOB_SKIPS = "redis.lock.job.skips";

	static final String NAME_TAG = "name";

	static final String OUTCOME_TAG = "outcome";

	/** Key value on spans only, when asked for: keys often hold user ids. */
	static final String KEY = "key";

	/** Key value on spans only. */
	static final String FENCING_TOKEN = "fencing.token";

	// Outcomes of an acquisition, then of a hold.

	static final String ACQUIRED = "acquired";

	static final String NOT_ACQUIRED = "not_acquired";

	static final String ERROR = "error";

	static final String RELEASED = "released";

	static final String LOST_OUTCOME = "lost";

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
		Counter.builder("redis.lock.fallbacks")
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
			.tags(NAME_TAG, this.evaluatedKeys ? name : label, "reason", reason)
			.register(this.registry)
			.increment();
	}

	/** The timers of an acquisition or a hold in progress, if this records timers. */
	private @Nullable Timing startTiming(String name, String tag) {
		if (!this.timers) {
			return null;
		}
		LongTaskTimer.Sample active = LongTaskTimer.builder(name + ".active")
			.tag(NAME_TAG, tag)
			.register(this.registry)
			.start();
		return new Timing(this.registry, name, tag, active, Timer.start(this.registry));
	}

	private record Timing(MeterRegistry registry, String name, String tag, LongTaskTimer.Sample active,
			Timer.Sample sample) {

		void stop(String outcome, @Nullable Throwable error) {
			this.sample.stop(Timer.builder(this.name)
				.tags(Tags.of(NAME_TAG, this.tag, OUTCOME_TAG, outcome, "error",
						(error != null) ? error.getClass().getSimpleName() : "none"))
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
			renewal("renewed");
		}

		@Override
		public void renewalFailed() {
			renewal("failed");
		}

		private void renewal(String outcome) {
			Counter.builder("redis.lock.renewals")
				.description("Lease renewals of held locks")
				.tag(OUTCOME_TAG, outcome)
				.register(LockMeters.this.registry)
				.increment();
		}

		@Override
		public void lost() {
			this.lost = true;
			Counter.builder("redis.lock.lost")
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
