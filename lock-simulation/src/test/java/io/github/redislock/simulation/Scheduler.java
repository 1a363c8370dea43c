// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.simulation;

import java.util.ArrayDeque;
import java.util.PriorityQueue;
import java.util.SplittableRandom;

import io.github.redislock.simulation.server.Timers;

/**
 * The simulation's one clock and one queue of events, run in time order on one thread:
 * network deliveries, server work, the lock clients' timers and tasks, faults. Events due
 * at the same time run in the order they were scheduled, and every random choice comes
 * from one seeded generator, so a seed replays the same run.
 *
 * @author redis-lock contributors
 */
public final class Scheduler implements Timers {

	private final PriorityQueue<Event> events = new PriorityQueue<>();

	/**
	 * Events due at the current time, in the order they were scheduled: most tasks are
	 * handed over to run at once, and a queue in order costs less than the heap. Every
	 * one of them comes after the heap's events of the same time that were scheduled
	 * before it, and before any later time.
	 */
	private final ArrayDeque<Event> dueNow = new ArrayDeque<>();

	private final SplittableRandom random;

	private final Trace trace;

	private final Thread thread = Thread.currentThread();

	private long now;

	private long sequence;

	private long foreignCalls;

	/** A caller thread that has the turn while the loop waits for it. */
	private Thread lentTo;

	private boolean stopAtViolation;

	private boolean stopped;

	public Scheduler(long seed, Trace trace) {
		this.random = new SplittableRandom(seed);
		this.trace = trace;
	}

	@Override
	public long nanos() {
		return this.now;
	}

	public SplittableRandom random() {
		return this.random;
	}

	public Trace trace() {
		return this.trace;
	}

	@Override
	public void schedule(long delayNanos, String what, Runnable task) {
		at(this.now + Math.max(0, delayNanos), what, task);
	}

	/** Schedules a task of the client process, which runs only while it runs. */
	public void schedule(long delayNanos, String what, Runnable task, ClientProcess process) {
		at(this.now + Math.max(0, delayNanos), what, task, process);
	}

	/** Schedules the task; the event returned can be cancelled. */
	public Event at(long time, String what, Runnable task) {
		return at(time, what, task, null);
	}

	/**
	 * Schedules a task of the client process ({@code null}: of no process, such as a
	 * server's work or a check); the event returned can be cancelled.
	 */
	public Event at(long time, String what, Runnable task, ClientProcess process) {
		return add(time, what, task, process);
	}

	/**
	 * Schedules a task of the client process whose trace line is the parts joined, as
	 * {@link #note(Object...)} records them; the event returned can be cancelled.
	 */
	public Event atTraced(long time, Object[] what, Runnable task, ClientProcess process) {
		return add(time, what, task, process);
	}

	private Event add(long time, Object what, Runnable task, ClientProcess process) {
		Thread current = Thread.currentThread();
		if (current != this.thread && current != this.lentTo) {
			this.foreignCalls++;
		}
		Event event = new Event(Math.max(time, this.now), this.sequence++, what, task, process);
		enqueue(event);
		return event;
	}

	private void enqueue(Event event) {
		if (event.time == this.now) {
			this.dueNow.add(event);
		}
		else {
			this.events.add(event);
		}
	}

	/**
	 * Stops the process's events for the time given; those due meanwhile run when it
	 * resumes, in the order they were due.
	 */
	void pause(ClientProcess process, long nanos) {
		long until = process.pause(this.now, nanos);
		at(until, null, () -> {
			for (Event event : process.resume(this.now)) {
				event.time = this.now;
				event.sequence = this.sequence++;
				enqueue(event);
			}
		});
	}

	/**
	 * The caller thread that runs while the loop waits for it, or {@code null}: what it
	 * schedules counts as the loop's.
	 */
	void lendTo(Thread thread) {
		this.lentTo = thread;
	}

	/** Makes {@link #runUntil} stop at the first violation, as a shrinking run needs. */
	void stopAtFirstViolation() {
		this.stopAtViolation = true;
	}

	/** An invariant was broken: the run stops there if it was asked to. */
	void violated() {
		this.trace.violated();
		this.stopped |= this.stopAtViolation;
	}

	/** Whether the run stopped at its first violation. */
	boolean stopped() {
		return this.stopped;
	}

	/** Notes what happened, in the trace, without an event of its own. */
	public void note(String line) {
		this.trace.record(this.now, line);
	}

	/**
	 * Notes what happened, in the trace, as the parts joined: cheaper than joining them,
	 * as only a failing seed's latest lines are ever printed. The parts must not change.
	 */
	public void note(Object... parts) {
		this.trace.record(this.now, parts);
	}

	/** Runs the events due up to the time, then moves the clock to it. */
	public void runUntil(long time) {
		Event next = next();
		while (next != null && next.time <= time && !this.stopped) {
			if (next == this.dueNow.peek()) {
				this.dueNow.poll();
			}
			else {
				this.events.poll();
			}
			if (!next.cancelled && (next.process == null || !next.process.withholds(next))) {
				this.now = next.time;
				if (next.what instanceof String line) {
					this.trace.record(this.now, line);
				}
				else if (next.what != null) {
					this.trace.record(this.now, (Object[]) next.what);
				}
				next.task.run();
			}
			next = next();
		}
		if (!this.stopped) {
			this.now = Math.max(this.now, time);
		}
	}

	/** The event due first: the earlier, or at the same time the one scheduled first. */
	private Event next() {
		Event queued = this.events.peek();
		Event now = this.dueNow.peek();
		if (now == null) {
			return queued;
		}
		return (queued == null || now.compareTo(queued) < 0) ? now : queued;
	}

	/** Tasks handed over from a thread other than the simulation's: none, if it works. */
	public long foreignCalls() {
		return this.foreignCalls;
	}

	public int pending() {
		return this.events.size() + this.dueNow.size();
	}

	/** One scheduled task; a cancelled one is skipped when its time comes. */
	public static final class Event implements Comparable<Event> {

		/** Changed only while out of the queue: a paused process's event is due later. */
		long time;

		long sequence;

		/** The trace's line: a string, the parts of one, or none. */
		final Object what;

		final Runnable task;

		final ClientProcess process;

		boolean cancelled;

		Event(long time, long sequence, Object what, Runnable task, ClientProcess process) {
			this.time = time;
			this.sequence = sequence;
			this.what = what;
			this.task = task;
			this.process = process;
		}

		/** Earlier first; at the same time, the one scheduled first. */
		@Override
		public int compareTo(Event other) {
			int byTime = Long.compare(this.time, other.time);
			return (byTime != 0) ? byTime : Long.compare(this.sequence, other.sequence);
		}

		public void cancel() {
			this.cancelled = true;
		}

		public boolean isCancelled() {
			return this.cancelled;
		}

		public long time() {
			return this.time;
		}

	}

}
