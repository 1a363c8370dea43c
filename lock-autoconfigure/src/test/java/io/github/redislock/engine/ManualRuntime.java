// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.engine;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.Callable;
import java.util.concurrent.Delayed;
import java.util.concurrent.Executors;
import java.util.concurrent.FutureTask;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * An {@link EngineRuntime} whose time moves only when the test says, and whose timers and
 * threads are one queue of tasks that the test runs on its own thread, in time order.
 * Every task handed to it from another thread is counted, so that a test can show that
 * nothing ran elsewhere.
 *
 * @author redis-lock contributors
 */
final class ManualRuntime implements EngineRuntime {

	private final Thread testThread = Thread.currentThread();

	private final PriorityQueue<Task> tasks = new PriorityQueue<>(
			Comparator.comparingLong((Task task) -> task.time).thenComparingLong((task) -> task.sequence));

	private long nanos = Duration.ofHours(1).toNanos();

	private long sequence;

	private int foreignCalls;

	@Override
	public long nanoTime() {
		return this.nanos;
	}

	@Override
	public Instant now() {
		return Instant.EPOCH.plusNanos(this.nanos);
	}

	@Override
	public ScheduledExecutorService timer(String threadName) {
		return new ManualExecutor();
	}

	@Override
	public ManualExecutor threads(String threadName, int maxThreads) {
		return new ManualExecutor();
	}

	/** Run every task that is due now, and those they make due now. */
	void runUntilIdle() {
		advance(Duration.ZERO);
	}

	/** Let time pass, running each task at the time it is due. */
	void advance(Duration time) {
		long end = this.nanos + time.toNanos();
		Task next = this.tasks.peek();
		// A task may jump the clock past the end: what falls due by then runs too.
		while (next != null && next.time <= Math.max(end, this.nanos)) {
			this.tasks.poll();
			this.nanos = Math.max(this.nanos, next.time);
			next.run();
			next = this.tasks.peek();
		}
		this.nanos = Math.max(end, this.nanos);
	}

	/**
	 * Move the clock without running what falls due, as a call that blocks its thread for
	 * that long does.
	 */
	void jump(Duration time) {
		this.nanos += time.toNanos();
	}

	/** How many tasks were handed over from a thread other than the test's. */
	int foreignCalls() {
		return this.foreignCalls;
	}

	private void add(Task task) {
		if (Thread.currentThread() != this.testThread) {
			this.foreignCalls++;
		}
		task.sequence = this.sequence++;
		this.tasks.add(task);
	}

	final class ManualExecutor extends AbstractExecutorService implements ScheduledExecutorService {

		private boolean shutdown;

		@Override
		public void execute(Runnable command) {
			schedule(command, 0, TimeUnit.NANOSECONDS);
		}

		@Override
		public ScheduledFuture<?> schedule(Runnable command, long delay, TimeUnit unit) {
			return submitTask(new Task(this, Executors.callable(command), delay(delay, unit), 0));
		}

		@Override
		public <V> ScheduledFuture<V> schedule(Callable<V> callable, long delay, TimeUnit unit) {
			return submitTask(new Task(this, callable, delay(delay, unit), 0));
		}

		@Override
		public ScheduledFuture<?> scheduleAtFixedRate(Runnable command, long initialDelay, long period, TimeUnit unit) {
			return scheduleWithFixedDelay(command, initialDelay, period, unit);
		}

		@Override
		public ScheduledFuture<?> scheduleWithFixedDelay(Runnable command, long initialDelay, long delay,
				TimeUnit unit) {
			return submitTask(new Task(this, Executors.callable(command), delay(initialDelay, unit),
					Math.max(1, unit.toNanos(delay))));
		}

		@SuppressWarnings("unchecked")
		private <V> ScheduledFuture<V> submitTask(Task task) {
			if (this.shutdown) {
				throw new RejectedExecutionException("Shut down");
			}
			add(task);
			return (ScheduledFuture<V>) task;
		}

		private long delay(long delay, TimeUnit unit) {
			return ManualRuntime.this.nanos + Math.max(0, unit.toNanos(delay));
		}

		@Override
		public void shutdown() {
			this.shutdown = true;
			ManualRuntime.this.tasks.removeIf((task) -> task.executor == this && task.time > ManualRuntime.this.nanos);
		}

		@Override
		public List<Runnable> shutdownNow() {
			this.shutdown = true;
			List<Runnable> dropped = new ArrayList<>();
			ManualRuntime.this.tasks.removeIf((task) -> task.executor == this && dropped.add(task));
			return dropped;
		}

		@Override
		public boolean isShutdown() {
			return this.shutdown;
		}

		@Override
		public boolean isTerminated() {
			return this.shutdown && ManualRuntime.this.tasks.stream().noneMatch((task) -> task.executor == this);
		}

		@Override
		public boolean awaitTermination(long timeout, TimeUnit unit) {
			return isTerminated();
		}

	}

	private final class Task extends FutureTask<Object> implements ScheduledFuture<Object> {

		private final ManualExecutor executor;

		private final long period;

		private long time;

		private long sequence;

		@SuppressWarnings("unchecked")
		Task(ManualExecutor executor, Callable<?> callable, long time, long period) {
			super((Callable<Object>) callable);
			this.executor = executor;
			this.time = time;
			this.period = period;
		}

		@Override
		public void run() {
			if (this.period == 0) {
				super.run();
			}
			else if (runAndReset() && !this.executor.shutdown) {
				this.time = ManualRuntime.this.nanos + this.period;
				add(this);
			}
		}

		@Override
		public boolean cancel(boolean mayInterruptIfRunning) {
			ManualRuntime.this.tasks.remove(this);
			return super.cancel(false);
		}

		@Override
		public long getDelay(TimeUnit unit) {
			return unit.convert(this.time - ManualRuntime.this.nanos, TimeUnit.NANOSECONDS);
		}

		@Override
		public int compareTo(Delayed other) {
			return Long.compare(getDelay(TimeUnit.NANOSECONDS), other.getDelay(TimeUnit.NANOSECONDS));
		}

	}

}
