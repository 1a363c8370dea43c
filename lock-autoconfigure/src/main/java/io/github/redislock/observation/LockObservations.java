// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.observation;

import io.github.redislock.core.LockInstrumentation;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import org.jspecify.annotations.Nullable;

/**
 * Observes lock acquisitions and holds with Micrometer Observation: an observation named
 * {@value LockMeterNames#ACQUIRE} around each acquisition, whose scope is open on the
 * calling thread while it waits, and one named {@value LockMeterNames#HELD} from
 * acquisition to release. With metrics on, Micrometer's meter observation handler makes
 * the timers from them, and {@link LockMeters} records only its counters.
 * <p>
 * The hold's observation has no scope: a hold can end on another thread or out of order
 * with others, and a scope left open would make every later span of a pooled thread a
 * child of a hold long over. So the hold's span is a sibling of the work's, not its
 * parent.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
public class LockObservations implements LockInstrumentation {

	private final ObservationRegistry registry;

	private final boolean evaluatedKeys;

	/**
	 * Create the instrumentation.
	 * @param registry the registry to observe with
	 * @param evaluatedKeys whether to report each lock under its name instead of its
	 * label, which only suits names with few values
	 */
	public LockObservations(ObservationRegistry registry, boolean evaluatedKeys) {
		this.registry = registry;
		this.evaluatedKeys = evaluatedKeys;
	}

	@Override
	public Acquisition acquisitionStarted(String name, String label) {
		LockObservationContext context = new LockObservationContext(name, this.evaluatedKeys ? name : label);
		Observation observation = observation(DefaultLockObservationConvention.ACQUIRE, context).start();
		return new ObservedAcquisition(observation, observation.openScope(), context);
	}

	/**
	 * Without a scope: the acquisition ends on another thread, which must not close a
	 * scope opened on this one.
	 */
	@Override
	public Acquisition asyncAcquisitionStarted(String name, String label) {
		LockObservationContext context = new LockObservationContext(name, this.evaluatedKeys ? name : label);
		Observation observation = observation(DefaultLockObservationConvention.ACQUIRE, context).start();
		return new ObservedAcquisition(observation, null, context);
	}

	private Observation observation(DefaultLockObservationConvention convention, LockObservationContext context) {
		return Observation.createNotStarted(null, convention, () -> context, this.registry);
	}

	private final class ObservedAcquisition implements Acquisition {

		private final Observation observation;

		private final Observation.@Nullable Scope scope;

		private final LockObservationContext context;

		ObservedAcquisition(Observation observation, Observation.@Nullable Scope scope,
				LockObservationContext context) {
			this.observation = observation;
			this.scope = scope;
			this.context = context;
		}

		@Override
		public Hold acquired() {
			end(LockMeterNames.ACQUIRED);
			// Created once the acquisition's scope is closed: its parent is the caller's.
			LockObservationContext held = new LockObservationContext(this.context.getLockName(),
					this.context.getLabel());
			return new ObservedHold(observation(DefaultLockObservationConvention.HELD, held).start(), held);
		}

		@Override
		public void notAcquired() {
			end(LockMeterNames.NOT_ACQUIRED);
		}

		@Override
		public void failed(Throwable failure) {
			this.observation.error(failure);
			end(LockMeterNames.ERROR);
		}

		private void end(String outcome) {
			this.context.setOutcome(outcome);
			if (this.scope != null) {
				this.scope.close();
			}
			this.observation.stop();
		}

	}

	private static final class ObservedHold implements Hold {

		private final Observation observation;

		private final LockObservationContext context;

		private volatile boolean lost;

		ObservedHold(Observation observation, LockObservationContext context) {
			this.observation = observation;
			this.context = context;
		}

		@Override
		public void lost() {
			this.lost = true;
		}

		@Override
		public void ended(long fencingToken) {
			this.context.setOutcome(this.lost ? LockMeterNames.LOST_OUTCOME : LockMeterNames.RELEASED);
			this.context.setFencingToken(fencingToken);
			this.observation.stop();
		}

	}

}
