// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.observation;

import io.github.redislock.core.LockInstrumentation;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import org.jspecify.annotations.Nullable;

/**
 * Observes each acquisition and each hold, from which Micrometer's meter observation
 * handler makes the timers. A hold's observation has no scope: it can end on another
 * thread, and a scope left open would parent every later span of a pooled thread.
 *
 * @author redis-lock contributors
 */
final class LockObservations implements LockInstrumentation {

	private final ObservationRegistry registry;

	private final boolean evaluatedKeys;

	private final DefaultLockObservationConvention acquireDefault;

	private final DefaultLockObservationConvention heldDefault;

	private final @Nullable LockAcquireObservationConvention acquireConvention;

	private final @Nullable LockHeldObservationConvention heldConvention;

	/**
	 * {@code evaluatedKeys} reports locks under their name instead of their label;
	 * {@code includeKey} adds the name as the key value {@code key}. A convention given
	 * replaces the default and any global one.
	 */
	LockObservations(ObservationRegistry registry, boolean evaluatedKeys, boolean includeKey,
			@Nullable LockAcquireObservationConvention acquireConvention,
			@Nullable LockHeldObservationConvention heldConvention) {
		this.registry = registry;
		this.evaluatedKeys = evaluatedKeys;
		this.acquireDefault = new DefaultLockObservationConvention(LockObservationDocumentation.ACQUIRE, includeKey);
		this.heldDefault = new DefaultLockObservationConvention(LockObservationDocumentation.HELD, includeKey);
		this.acquireConvention = acquireConvention;
		this.heldConvention = heldConvention;
	}

	@Override
	public Acquisition acquisitionStarted(String name, String label) {
		return startAcquisition(name, label, true);
	}

	/**
	 * Without a scope: the acquisition ends on another thread, which must not close this
	 * one's.
	 */
	@Override
	public Acquisition asyncAcquisitionStarted(String name, String label) {
		return startAcquisition(name, label, false);
	}

	private Acquisition startAcquisition(String name, String label, boolean scoped) {
		LockObservationContext context = new LockObservationContext(name, this.evaluatedKeys ? name : label);
		Observation observation = LockObservationDocumentation.ACQUIRE
			.observation(this.acquireConvention, this.acquireDefault, () -> context, this.registry)
			.start();
		return new ObservedAcquisition(observation, scoped ? observation.openScope() : null, context);
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
			end(LockMeters.ACQUIRED);
			// Created once the acquisition's scope is closed: its parent is the caller's.
			LockObservationContext held = new LockObservationContext(this.context.getLockName(),
					this.context.getLabel());
			Observation observation = LockObservationDocumentation.HELD.observation(
					LockObservations.this.heldConvention, LockObservations.this.heldDefault, () -> held,
					LockObservations.this.registry);
			return new ObservedHold(observation.start(), held);
		}

		@Override
		public void notAcquired() {
			end(LockMeters.NOT_ACQUIRED);
		}

		@Override
		public void failed(Throwable failure) {
			this.observation.error(failure);
			end(LockMeters.ERROR);
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
			this.context.setOutcome(this.lost ? LockMeters.LOST_OUTCOME : LockMeters.RELEASED);
			this.context.setFencingToken(fencingToken);
			this.observation.stop();
		}

	}

}
