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
 * Records the lock meters in a {@link MeterRegistry}: the counters
 * {@value LockMeterNames#LOST}, {@value LockMeterNames#RENEWALS} and
 * {@value LockMeterNames#FALLBACKS} always, and the {@value LockMeterNames#ACQUIRE} and
 * {@value LockMeterNames#HELD} timers (with their {@code .active} long task timers)
 * unless Micrometer's meter observation handler makes them from {@link LockObservations}.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
public class LockMeters implements LockInstrumentation {

	private final MeterRegistry registry;

	private final boolean timers;

	private final boolean evaluatedKeys;

	/**
	 * Create the instrumentation.
	 * @param registry the registry to record in
	 * @param timers whether to record the acquire and held timers, {@code false} when
	 * they come from observations
	 * @param evaluatedKeys whether to tag each lock with its name instead of its label,
	 * which only suits names with few values
	 */
	public LockMeters(MeterRegistry registry, boolean timers, boolean evaluatedKeys) {
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
		Counter.builder(LockMeterNames.FALLBACKS)
			.description("@RedisLock calls answered by a fallback because the lock was not acquired")
			.tag(LockMeterNames.NAME_TAG, this.evaluatedKeys ? name : label)
			.register(this.registry)
			.increment();
	}

	private LongTaskTimer.Sample startActive(String name, String tag) {
		return LongTaskTimer.builder(name + LockMeterNames.ACTIVE_SUFFIX)
			.tag(LockMeterNames.NAME_TAG, tag)
			.register(this.registry)
			.start();
	}

	private void stop(Timer.Sample sample, String name, String tag, String outcome, @Nullable Throwable error) {
		sample.stop(Timer.builder(name)
			.tags(Tags.of(LockMeterNames.NAME_TAG, tag, LockMeterNames.OUTCOME_TAG, outcome, LockMeterNames.ERROR_TAG,
					(error != null) ? error.getClass().getSimpleName() : LockMeterNames.NO_ERROR))
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
			this.active = startActive(LockMeterNames.ACQUIRE, tag);
			this.sample = Timer.start(LockMeters.this.registry);
		}

		@Override
		public Hold acquired() {
			end(LockMeterNames.ACQUIRED, null);
			return new TimedHold(this.tag);
		}

		@Override
		public void notAcquired() {
			end(LockMeterNames.NOT_ACQUIRED, null);
		}

		@Override
		public void failed(Throwable failure) {
			end(LockMeterNames.ERROR, failure);
		}

		private void end(String outcome, @Nullable Throwable error) {
			stop(this.sample, LockMeterNames.ACQUIRE, this.tag, outcome, error);
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
			renewal(LockMeterNames.RENEWED);
		}

		@Override
		public void renewalFailed() {
			renewal(LockMeterNames.FAILED);
		}

		private void renewal(String outcome) {
			Counter.builder(LockMeterNames.RENEWALS)
				.description("Lease renewals of held locks")
				.tag(LockMeterNames.OUTCOME_TAG, outcome)
				.register(LockMeters.this.registry)
				.increment();
		}

		@Override
		public void lost() {
			this.lost = true;
			Counter.builder(LockMeterNames.LOST)
				.description("Leases of held locks found lost, by renewal or at release")
				.tag(LockMeterNames.NAME_TAG, this.tag)
				.register(LockMeters.this.registry)
				.increment();
		}

	}

	private final class TimedHold extends CountedHold {

		private final LongTaskTimer.Sample active;

		private final Timer.Sample sample;

		TimedHold(String tag) {
			super(tag);
			this.active = startActive(LockMeterNames.HELD, tag);
			this.sample = Timer.start(LockMeters.this.registry);
		}

		@Override
		public void ended(long fencingToken) {
			stop(this.sample, LockMeterNames.HELD, this.tag,
					this.lost ? LockMeterNames.LOST_OUTCOME : LockMeterNames.RELEASED, null);
			this.active.stop();
		}

	}

}
