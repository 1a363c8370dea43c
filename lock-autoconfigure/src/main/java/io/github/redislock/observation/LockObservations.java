// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.observation;

import io.github.redislock.core.LockInstrumentation;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import org.jspecify.annotations.Nullable;

/**
 * Observes lock acquisitions and holds with Micrometer Observation: an observation named
 * {@value LockMeterNames#ACQUIRE} around each acquisition and one named
 * {@value LockMeterNames#HELD} from acquisition to release, with the lock's label and the
 * outcome as low-cardinality key values and the evaluated key and the fencing token (when
 * one was issued) as high-cardinality ones. With tracing on, a request's trace shows the
 * wait for a lock as a span, and the Redis commands of the wait within it.
 * <p>
 * The acquisition's scope is open while the client acquires, on the calling thread. The
 * hold's observation is started without a scope: a hold can end on another thread (when
 * its thread ended holding it) or out of order with others, and a scope left open would
 * make every later span of a pooled thread a child of a hold long over. So the hold's
 * span is a sibling of the spans of the work done under the lock, not their parent.
 * <p>
 * Micrometer's meter observation handler, which Spring Boot registers when the
 * application has metrics too, makes the {@value LockMeterNames#ACQUIRE} and
 * {@value LockMeterNames#HELD} timers (and their {@code .active} long task timers) from
 * these observations; {@link LockMeters} then records only its counters.
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
