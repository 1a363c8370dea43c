// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.core;

import java.util.ArrayList;
import java.util.List;

/**
 * Tells several instrumentations of each event, in order: what
 * {@link LockInstrumentation#composite} returns for more than one.
 *
 * @author redis-lock contributors
 */
final class CompositeLockInstrumentation implements LockInstrumentation {

	private final List<LockInstrumentation> delegates;

	private CompositeLockInstrumentation(List<LockInstrumentation> delegates) {
		this.delegates = delegates;
	}

	static LockInstrumentation of(List<? extends LockInstrumentation> instrumentations) {
		return switch (instrumentations.size()) {
			case 0 -> LockInstrumentation.NONE;
			case 1 -> instrumentations.get(0);
			default -> new CompositeLockInstrumentation(List.copyOf(instrumentations));
		};
	}

	@Override
	public Acquisition acquisitionStarted(String name, String label) {
		List<Acquisition> acquisitions = new ArrayList<>(this.delegates.size());
		for (LockInstrumentation delegate : this.delegates) {
			acquisitions.add(delegate.acquisitionStarted(name, label));
		}
		return all(acquisitions);
	}

	@Override
	public Acquisition asyncAcquisitionStarted(String name, String label) {
		List<Acquisition> acquisitions = new ArrayList<>(this.delegates.size());
		for (LockInstrumentation delegate : this.delegates) {
			acquisitions.add(delegate.asyncAcquisitionStarted(name, label));
		}
		return all(acquisitions);
	}

	private static Acquisition all(List<Acquisition> acquisitions) {
		return new Acquisition() {

			@Override
			public Hold acquired() {
				List<Hold> holds = new ArrayList<>(acquisitions.size());
				for (Acquisition acquisition : acquisitions) {
					holds.add(acquisition.acquired());
				}
				return new CompositeHold(holds);
			}

			@Override
			public void notAcquired() {
				acquisitions.forEach(Acquisition::notAcquired);
			}

			@Override
			public void failed(Throwable failure) {
				acquisitions.forEach((acquisition) -> acquisition.failed(failure));
			}

		};
	}

	@Override
	public void fallbackAnswered(String name, String label) {
		this.delegates.forEach((delegate) -> delegate.fallbackAnswered(name, label));
	}

	@Override
	public void jobRan(String name, String label) {
		this.delegates.forEach((delegate) -> delegate.jobRan(name, label));
	}

	@Override
	public void jobSkipped(String name, String label, String reason) {
		this.delegates.forEach((delegate) -> delegate.jobSkipped(name, label, reason));
	}

	private record CompositeHold(List<Hold> holds) implements Hold {

		@Override
		public void renewed() {
			this.holds.forEach(Hold::renewed);
		}

		@Override
		public void renewalFailed() {
			this.holds.forEach(Hold::renewalFailed);
		}

		@Override
		public void lost() {
			this.holds.forEach(Hold::lost);
		}

		@Override
		public void ended(long fencingToken) {
			this.holds.forEach((hold) -> hold.ended(fencingToken));
		}

	}

}
