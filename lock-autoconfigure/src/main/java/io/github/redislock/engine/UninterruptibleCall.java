// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.engine;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Runs a store call that must complete even when the calling thread is interrupted: a
 * release, a waiter leaving the queue, a fencing token the holder asked for. An interrupt
 * makes a Redis client stop waiting for the reply (Lettuce throws "Command interrupted")
 * although the command was usually sent and may well have run. So a call cut short by an
 * interrupt, or asked for by a thread already interrupted, is finished on a thread of its
 * own, which no interrupt of the caller's reaches, while the caller waits for it without
 * being interruptible; the caller's interrupt flag is set again afterwards: the interrupt
 * is postponed, never lost. Only calls that may safely be repeated are made this way.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
final class UninterruptibleCall {

	/**
	 * Threads made only when an interrupt lands on a call, and ended when idle; daemons,
	 * so that a call stuck in a store never keeps the JVM alive.
	 */
	private static final ThreadPoolExecutor finishers = new ThreadPoolExecutor(0, Integer.MAX_VALUE, 10,
			TimeUnit.SECONDS, new SynchronousQueue<>(), (task) -> {
				Thread thread = new Thread(task, "redis-lock-interrupted-call");
				thread.setDaemon(true);
				return thread;
			});

	private UninterruptibleCall() {
	}

	/**
	 * Make the call, finishing it on a thread of its own if an interrupt cut it short or
	 * the caller was interrupted already.
	 * @param <T> the result type
	 * @param call the call
	 * @return the result of the call
	 * @throws RuntimeException the failure of the call
	 */
	static <T> T call(Attempt<T> call) {
		boolean interrupted = Thread.interrupted();
		try {
			if (!interrupted) {
				try {
					return call.run(false);
				}
				catch (RuntimeException ex) {
					// Both checks: the flag must be cleared for the wait below.
					boolean cutShort = Thread.interrupted() | isInterruption(ex);
					if (!cutShort) {
						throw ex;
					}
					interrupted = true;
					return finish(call, true);
				}
			}
			return finish(call, false);
		}
		finally {
			if (interrupted) {
				Thread.currentThread().interrupt();
			}
		}
	}

	private static <T> T finish(Attempt<T> call, boolean afterInterruption) {
		CompletableFuture<T> result = new CompletableFuture<>();
		try {
			finishers.execute(() -> {
				try {
					result.complete(call.run(afterInterruption));
				}
				catch (Throwable ex) {
					result.completeExceptionally(ex);
				}
			});
		}
		catch (RejectedExecutionException ex) {
			return call.run(afterInterruption);
		}
		try {
			// join() is not interruptible: it keeps waiting, and sets the flag again.
			return result.join();
		}
		catch (CompletionException ex) {
			Throwable cause = ex.getCause();
			if (cause instanceof RuntimeException runtime) {
				throw runtime;
			}
			if (cause instanceof Error error) {
				throw error;
			}
			throw ex;
		}
		finally {
			Thread.interrupted();
		}
	}

	/**
	 * Whether a store failure is an interrupt of the waiting thread, as Redis clients
	 * report it wrapped in their own exceptions.
	 * @param ex the failure
	 * @return whether an {@link InterruptedException} caused it
	 */
	static boolean isInterruption(Throwable ex) {
		for (Throwable cause = ex; cause != null; cause = cause.getCause()) {
			if (cause instanceof InterruptedException) {
				return true;
			}
		}
		return false;
	}

	/**
	 * One attempt of a call.
	 *
	 * @param <T> the result type
	 */
	@FunctionalInterface
	interface Attempt<T> {

		/**
		 * Make the call.
		 * @param afterInterruption whether an earlier attempt was cut short by an
		 * interrupt, so it may have taken effect
		 * @return the result
		 */
		T run(boolean afterInterruption);

	}

}
