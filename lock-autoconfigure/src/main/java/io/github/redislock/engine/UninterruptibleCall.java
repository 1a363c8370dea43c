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
 * For store calls that must complete despite an interrupt, after which a Redis client
 * stops waiting though the command may have run: the call is finished on a thread of its
 * own, so it must be safe to repeat, and the caller's interrupt is postponed, never lost.
 *
 * @author redis-lock contributors
 */
final class UninterruptibleCall {

	/**
	 * Made only when an interrupt lands; daemons, so a call stuck in a store never keeps
	 * the JVM alive.
	 */
	private static final ThreadPoolExecutor finishers = new ThreadPoolExecutor(0, Integer.MAX_VALUE, 10,
			TimeUnit.SECONDS, new SynchronousQueue<>(), (task) -> {
				Thread thread = new Thread(task, "redis-lock-interrupted-call");
				thread.setDaemon(true);
				return thread;
			});

	private UninterruptibleCall() {
	}

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

	/** Redis clients report an interrupt wrapped in their own exceptions. */
	static boolean isInterruption(Throwable ex) {
		for (Throwable cause = ex; cause != null; cause = cause.getCause()) {
			if (cause instanceof InterruptedException) {
				return true;
			}
		}
		return false;
	}

	/** One attempt of a call. */
	@FunctionalInterface
	interface Attempt<T> {

		/** Whether an earlier attempt was cut short, and so may have run. */
		T run(boolean afterInterruption);

	}

}
