// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.simulation;

import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.Semaphore;
import java.util.concurrent.locks.LockSupport;

/**
 * Threads that block, as the callers of a blocking lock API do, in a run that stays on
 * one thread at a time: a caller thread runs only when the simulation's loop hands it the
 * turn, in an event, and hands the turn back when it parks or ends. An unpark, and the
 * end of a timed park, are events at the simulation's time, so the run stays
 * deterministic.
 * <p>
 * On Java 21 or later, with {@code java.lang} opened to the tests, the callers are
 * virtual threads whose scheduler is the simulation's own thread: a turn is then a call
 * on that thread, which runs the caller until it yields, rather than a wake-up of another
 * thread, which costs tens of microseconds on a small machine. Otherwise they are
 * platform threads. The run is the same either way.
 *
 * @author redis-lock contributors
 */
public final class CallerThreads {

	private static final VirtualThreads VIRTUAL = VirtualThreads.load();

	private final Scheduler scheduler;

	/** Released by a caller thread that gives the turn back. */
	private final Semaphore loopTurn = new Semaphore(0);

	/** Read and written only by whichever thread has the turn. */
	private final Map<Thread, CallerThread> threads = new HashMap<>();

	private final List<Throwable> failures = new ArrayList<>();

	private boolean closing;

	public CallerThreads(Scheduler scheduler) {
		this.scheduler = scheduler;
	}

	/** What the blocking callers run on in this JVM, for the run's report. */
	static String kind() {
		return (VIRTUAL != null) ? "virtual threads" : "platform threads";
	}

	/** Starts {@code body} on a thread of its own, now, as an event of the process. */
	public void start(String name, ClientProcess process, Runnable body) {
		CallerThread caller = new CallerThread(name, process);
		Runnable run = () -> {
			try {
				if (!this.closing) {
					body.run();
				}
			}
			catch (Abandoned ex) {
				// The run is over.
			}
			catch (Throwable ex) {
				this.failures.add(ex);
			}
			finally {
				caller.ended = true;
			}
		};
		if (VIRTUAL != null) {
			caller.thread = VIRTUAL.unstarted(name, (continuation) -> caller.continuation = continuation, run);
		}
		else {
			caller.thread = new Thread(() -> {
				caller.turn.acquireUninterruptibly();
				try {
					run.run();
				}
				finally {
					this.loopTurn.release();
				}
			}, name);
			caller.thread.setDaemon(true);
		}
		this.threads.put(caller.thread, caller);
		caller.thread.start();
		this.scheduler.schedule(0, name + " starts", () -> resume(caller), process);
	}

	/** Whether the current thread is one of these callers. */
	public boolean isCallerThread() {
		return this.threads.containsKey(Thread.currentThread());
	}

	/**
	 * Parks the current caller thread until unparked, interrupted or the deadline, a
	 * {@link Scheduler#nanos()} value ({@link Long#MAX_VALUE} for none).
	 */
	public void park(long deadline) {
		CallerThread caller = this.threads.get(Thread.currentThread());
		if (caller == null) {
			throw new IllegalStateException("Only a caller thread can park in the simulation");
		}
		if (this.closing) {
			throw Abandoned.INSTANCE;
		}
		if (caller.permit) {
			caller.permit = false;
			return;
		}
		if (caller.thread.isInterrupted()) {
			return;
		}
		long park = ++caller.parks;
		caller.parked = true;
		caller.waking = false;
		if (deadline != Long.MAX_VALUE) {
			this.scheduler.at(deadline, null, () -> wake(caller, park), caller.process);
		}
		handBack(caller);
		caller.parked = false;
		if (this.closing) {
			throw Abandoned.INSTANCE;
		}
	}

	/**
	 * Wakes a parked caller thread at the current time; other threads as the JVM does.
	 */
	public void unpark(Thread thread) {
		CallerThread caller = this.threads.get(thread);
		if (caller == null) {
			LockSupport.unpark(thread);
			return;
		}
		if (caller.parked && !caller.waking) {
			caller.waking = true;
			long park = caller.parks;
			this.scheduler.at(this.scheduler.nanos(), null, () -> wake(caller, park), caller.process);
		}
		else {
			caller.permit = true;
		}
	}

	/** Waits for the answer on a caller thread, interruptibly. */
	public <T> T await(CompletableFuture<T> answer) throws InterruptedException, ExecutionException {
		if (!answer.isDone()) {
			Thread waiter = Thread.currentThread();
			answer.whenComplete((value, failure) -> unpark(waiter));
			while (!answer.isDone()) {
				if (Thread.interrupted()) {
					throw new InterruptedException();
				}
				park(Long.MAX_VALUE);
			}
		}
		return answer.get();
	}

	/** Waits for the answer on a caller thread through interrupts, keeping the flag. */
	public <T> T awaitUninterruptibly(CompletableFuture<T> answer) {
		boolean interrupted = false;
		if (!answer.isDone()) {
			Thread waiter = Thread.currentThread();
			answer.whenComplete((value, failure) -> unpark(waiter));
			while (!answer.isDone()) {
				interrupted |= Thread.interrupted();
				park(Long.MAX_VALUE);
			}
		}
		if (interrupted) {
			Thread.currentThread().interrupt();
		}
		return answer.join();
	}

	/** As a blocking store call waits: its failure thrown as it was thrown. */
	public <T> T awaitStoreCall(CompletionStage<T> call) {
		try {
			return await(call.toCompletableFuture());
		}
		catch (ExecutionException ex) {
			Throwable failure = ex.getCause();
			if (failure instanceof RuntimeException runtime) {
				throw runtime;
			}
			if (failure instanceof Error error) {
				throw error;
			}
			throw new IllegalStateException("A lock store call failed", failure);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("Interrupted while waiting for the lock store", ex);
		}
	}

	/** What the caller threads threw, other than their end at the run's end. */
	public List<Throwable> failures() {
		return this.failures;
	}

	/**
	 * At the run's end, on the simulation's thread: every caller thread still parked
	 * unwinds and ends, one at a time.
	 */
	public void close() {
		this.closing = true;
		for (CallerThread caller : List.copyOf(this.threads.values())) {
			if (!caller.ended) {
				resume(caller);
			}
		}
	}

	/** On the simulation's thread: the caller runs until it parks or ends. */
	private void resume(CallerThread caller) {
		if (caller.ended) {
			return;
		}
		this.scheduler.lendTo(caller.thread);
		if (VIRTUAL != null) {
			Runnable continuation = caller.continuation;
			if (continuation == null) {
				throw new IllegalStateException(caller + " has the turn already");
			}
			caller.continuation = null;
			caller.turns++;
			continuation.run();
		}
		else {
			caller.turn.release();
			this.loopTurn.acquireUninterruptibly();
		}
		this.scheduler.lendTo(null);
		if (caller.ended) {
			// Ended for every check that follows, as for the engine's watch of ended
			// owners.
			try {
				caller.thread.join();
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
			this.threads.remove(caller.thread);
		}
	}

	private void wake(CallerThread caller, long park) {
		if (caller.parked && caller.parks == park) {
			resume(caller);
		}
	}

	/** On the caller's thread: the loop goes on until this caller's turn comes again. */
	private void handBack(CallerThread caller) {
		if (VIRTUAL != null) {
			long turns = caller.turns;
			Thread.yield();
			if (caller.turns == turns) {
				throw new IllegalStateException(caller + " could not give the turn back: its virtual thread is pinned"
						+ " to the simulation's thread");
			}
			return;
		}
		this.loopTurn.release();
		caller.turn.acquireUninterruptibly();
	}

	private static final class CallerThread {

		final String name;

		final ClientProcess process;

		final Semaphore turn = new Semaphore(0);

		/**
		 * A virtual thread's next run, handed to its scheduler when it starts or yields.
		 */
		Runnable continuation;

		/** Counts a virtual thread's turns, so that a yield that did not happen shows. */
		long turns;

		Thread thread;

		/** Counts parks, so that a wake-up meant for an earlier one is dropped. */
		long parks;

		boolean parked;

		/** A wake-up is scheduled for the current park. */
		boolean waking;

		/** An unpark came while it ran: its next park returns at once. */
		boolean permit;

		volatile boolean ended;

		CallerThread(String name, ClientProcess process) {
			this.name = name;
			this.process = process;
		}

		@Override
		public String toString() {
			return this.name;
		}

	}

	/**
	 * Builds virtual threads with a scheduler of their own, through the JDK's
	 * package-private builder its own tests use: there is no public API for it.
	 */
	private static final class VirtualThreads {

		private final Constructor<?> builder;

		private final Method name;

		private final Method unstarted;

		private VirtualThreads(Constructor<?> builder, Method name, Method unstarted) {
			this.builder = builder;
			this.name = name;
			this.unstarted = unstarted;
		}

		static VirtualThreads load() {
			if (Runtime.version().feature() < 21 || Boolean.getBoolean("sim.platformThreads")) {
				return null;
			}
			try {
				Constructor<?> builder = Class.forName("java.lang.ThreadBuilders$VirtualThreadBuilder")
					.getDeclaredConstructor(Executor.class);
				builder.setAccessible(true);
				Class<?> api = Class.forName("java.lang.Thread$Builder");
				return new VirtualThreads(builder, api.getMethod("name", String.class),
						api.getMethod("unstarted", Runnable.class));
			}
			catch (ReflectiveOperationException | RuntimeException ex) {
				// java.lang not opened to the tests: platform threads.
				return null;
			}
		}

		Thread unstarted(String threadName, Executor scheduler, Runnable body) {
			try {
				Object builder = this.builder.newInstance(scheduler);
				this.name.invoke(builder, threadName);
				return (Thread) this.unstarted.invoke(builder, body);
			}
			catch (ReflectiveOperationException ex) {
				throw new IllegalStateException("Cannot build a virtual caller thread", ex);
			}
		}

	}

	/** Unwinds a caller thread at the run's end; never caught by the engine's code. */
	private static final class Abandoned extends Error {

		static final Abandoned INSTANCE = new Abandoned();

		private Abandoned() {
			super("The simulation is over", null, false, false);
		}

	}

}
