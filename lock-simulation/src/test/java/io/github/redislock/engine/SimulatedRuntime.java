// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.engine;

import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.Callable;
import java.util.concurrent.Delayed;
import java.util.concurrent.Executors;
import java.util.concurrent.FutureTask;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

import io.github.redislock.simulation.CallerThreads;
import io.github.redislock.simulation.ClientProcess;
import io.github.redislock.simulation.Scheduler;
import io.github.redislock.simulation.server.ServerClock;

/**
 * One lock client's time, timers and threads in the simulation: its clock is the
 * simulation's, and every task it hands to a timer or a thread pool becomes an event of
 * the simulation's one {@link Scheduler}, run on its one thread while its process runs.
 * Shut down, they drop their tasks as the system's do: a timer every task not yet run, a
 * thread pool those not yet run only when shut down now.
 *
 * @author redis-lock contributors
 */
final class SimulatedRuntime implements EngineRuntime {

	private final Scheduler scheduler;

	private final ClientProcess process;

	/** Where blocking callers park, if the run has any. */
	private final CallerThreads callerThreads;

	SimulatedRuntime(Scheduler scheduler, ClientProcess process) {
		this(scheduler, process, null);
	}

	SimulatedRuntime(Scheduler scheduler, ClientProcess process, CallerThreads callerThreads) {
		this.scheduler = scheduler;
		this.process = process;
		this.callerThreads = callerThreads;
	}

	@Override
	public void park(Object blocker, long deadline) {
		callerThreads().park(deadline);
	}

	@Override
	public void unpark(Thread thread) {
		callerThreads().unpark(thread);
	}

	@Override
	public <T> T await(CompletableFuture<T> answer) throws InterruptedException, ExecutionException {
		return callerThreads().await(answer);
	}

	@Override
	public <T> T awaitUninterruptibly(CompletableFuture<T> answer) {
		return callerThreads().awaitUninterruptibly(answer);
	}

	private CallerThreads callerThreads() {
		if (this.callerThreads == null) {
			throw new IllegalStateException("This run has no blocking callers: nothing may wait");
		}
		return this.callerThreads;
	}

	@Override
	public long nanoTime() {
		return this.scheduler.nanos();
	}

	@Override
	public Instant now() {
		long nanos = ServerClock.EPOCH_NANOS + this.scheduler.nanos();
		return Instant.ofEpochSecond(Math.floorDiv(nanos, 1_000_000_000L), Math.floorMod(nanos, 1_000_000_000L));
	}

	@Override
	public ScheduledExecutorService timer(String threadName) {
		return new SimulatedExecutor(this.process + " " + threadName, true);
	}

	/**
	 * Pools run their tasks as events, but for the one that finishes an interrupted
	 * thread's store calls, which block: each of its tasks is a caller thread.
	 */
	@Override
	public ExecutorService threads(String threadName, int maxThreads) {
		if (this.callerThreads != null && threadName.equals("redis-lock-interrupted-call")) {
			return new CallerThreadPerTask(this.process + " " + threadName);
		}
		return new SimulatedExecutor(this.process + " " + threadName, false);
	}

	private final class CallerThreadPerTask extends SimulatedExecutor {

		private int started;

		CallerThreadPerTask(String name) {
			super(name, false);
		}

		@Override
		public void execute(Runnable command) {
			if (isShutdown()) {
				throw new RejectedExecutionException(this.name + " is shut down");
			}
			SimulatedRuntime.this.callerThreads.start(this.name + "-" + ++this.started, SimulatedRuntime.this.process,
					command);
		}

	}

	private class SimulatedExecutor extends AbstractExecutorService implements ScheduledExecutorService {

		final String name;

		private final boolean timer;

		private boolean shutdown;

		/** Tasks submitted before the shutdown no longer run. */
		private boolean dropsTasks;

		SimulatedExecutor(String name, boolean timer) {
			this.name = name;
			this.timer = timer;
		}

		@Override
		public void execute(Runnable command) {
			schedule(command, 0, TimeUnit.NANOSECONDS);
		}

		@Override
		public ScheduledFuture<?> schedule(Runnable command, long delay, TimeUnit unit) {
			return submit(new Task(this, Executors.callable(command), unit.toNanos(delay), 0));
		}

		@Override
		public <V> ScheduledFuture<V> schedule(Callable<V> callable, long delay, TimeUnit unit) {
			return submit(new Task(this, callable, unit.toNanos(delay), 0));
		}

		@Override
		public ScheduledFuture<?> scheduleAtFixedRate(Runnable command, long initialDelay, long period, TimeUnit unit) {
			return scheduleWithFixedDelay(command, initialDelay, period, unit);
		}

		@Override
		public ScheduledFuture<?> scheduleWithFixedDelay(Runnable command, long initialDelay, long delay,
				TimeUnit unit) {
			return submit(new Task(this, Executors.callable(command), unit.toNanos(initialDelay),
					Math.max(1, unit.toNanos(delay))));
		}

		@SuppressWarnings("unchecked")
		private <V> ScheduledFuture<V> submit(Task task) {
			if (this.shutdown) {
				throw new RejectedExecutionException(this.name + " is shut down");
			}
			task.enqueue();
			return (ScheduledFuture<V>) task;
		}

		@Override
		public void shutdown() {
			this.shutdown = true;
			this.dropsTasks |= this.timer;
		}

		@Override
		public List<Runnable> shutdownNow() {
			this.shutdown = true;
			this.dropsTasks = true;
			return List.of();
		}

		@Override
		public boolean isShutdown() {
			return this.shutdown;
		}

		@Override
		public boolean isTerminated() {
			return this.shutdown;
		}

		@Override
		public boolean awaitTermination(long timeout, TimeUnit unit) {
			return this.shutdown;
		}

	}

	private final class Task extends FutureTask<Object> implements ScheduledFuture<Object> {

		private final SimulatedExecutor executor;

		private final long period;

		private long delay;

		private Scheduler.Event event;

		@SuppressWarnings("unchecked")
		Task(SimulatedExecutor executor, Callable<?> callable, long delay, long period) {
			super((Callable<Object>) callable);
			this.executor = executor;
			this.delay = Math.max(0, delay);
			this.period = period;
		}

		void enqueue() {
			this.event = SimulatedRuntime.this.scheduler.at(SimulatedRuntime.this.scheduler.nanos() + this.delay,
					this.executor.name, this::runScheduled, SimulatedRuntime.this.process);
		}

		private void runScheduled() {
			if (this.executor.dropsTasks || (this.executor.shutdown && this.period != 0)) {
				return;
			}
			if (this.period == 0) {
				run();
			}
			else if (runAndReset() && !this.executor.shutdown) {
				this.delay = this.period;
				enqueue();
			}
		}

		@Override
		public boolean cancel(boolean mayInterruptIfRunning) {
			if (this.event != null) {
				this.event.cancel();
			}
			return super.cancel(false);
		}

		@Override
		public long getDelay(TimeUnit unit) {
			return unit.convert(this.event.time() - SimulatedRuntime.this.scheduler.nanos(), TimeUnit.NANOSECONDS);
		}

		@Override
		public int compareTo(Delayed other) {
			return Long.compare(getDelay(TimeUnit.NANOSECONDS), other.getDelay(TimeUnit.NANOSECONDS));
		}

	}

}
