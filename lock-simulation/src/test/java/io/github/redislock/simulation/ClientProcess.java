// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.simulation;

import java.util.ArrayList;
import java.util.List;

/**
 * One lock client's process: the events it runs (its timers and tasks, the replies and
 * messages it reads) stop for good when it crashes, as a killed JVM's do, and wait while
 * it is paused, as a stopped JVM's do, to run in order when it resumes.
 *
 * @author redis-lock contributors
 */
public final class ClientProcess {

	private final String name;

	private final List<Scheduler.Event> deferred = new ArrayList<>();

	private boolean crashed;

	private long pausedUntil;

	private long pausedNanos;

	ClientProcess(String name) {
		this.name = name;
	}

	public boolean isCrashed() {
		return this.crashed;
	}

	/** How long the process was paused in all, counting a pause under way in full. */
	long pausedNanos() {
		return this.pausedNanos;
	}

	/**
	 * Whether the event must not run now: dropped if the process crashed, kept for its
	 * resumption if paused.
	 */
	boolean withholds(Scheduler.Event event) {
		if (this.crashed) {
			return true;
		}
		if (event.time < this.pausedUntil) {
			this.deferred.add(event);
			return true;
		}
		return false;
	}

	void crash() {
		this.crashed = true;
		this.deferred.clear();
	}

	/** When the latest pause ends or ended; 0 if it never paused. */
	long pausedUntil() {
		return this.pausedUntil;
	}

	/** Returns when the pause ends, later than an earlier pause's end. */
	long pause(long now, long nanos) {
		long until = now + nanos;
		if (until > this.pausedUntil) {
			this.pausedNanos += until - Math.max(now, this.pausedUntil);
			this.pausedUntil = until;
		}
		return this.pausedUntil;
	}

	/** The events the pause held back, oldest first, if it is over. */
	List<Scheduler.Event> resume(long now) {
		if (now < this.pausedUntil || this.crashed) {
			return List.of();
		}
		List<Scheduler.Event> events = List.copyOf(this.deferred);
		this.deferred.clear();
		return events;
	}

	@Override
	public String toString() {
		return this.name;
	}

}
