// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.engine;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Supplier;

/**
 * For store calls that must complete despite an interrupt, after which a Redis client
 * stops waiting though the command may have run: the call, safe to repeat, is finished on
 * a thread of its own, and the caller's interrupt is postponed, never lost.
 *
 * @author redis-lock contributors
 */
final class UninterruptibleCall {

	/** Started only when an interrupt lands. */
	private final ExecutorService finishers;

	private final EngineRuntime runtime;

	UninterruptibleCall(EngineRuntime runtime) {
		this.runtime = runtime;
		this.finishers = runtime.threads("redis-lock-interrupted-call", Integer.MAX_VALUE);
	}

	/** Calls still running finish; later ones run on their caller's thread. */
	void close() {
		this.finishers.shutdown();
	}

	<T> T call(Supplier<T> call) {
		boolean interrupted = Thread.interrupted();
		try {
			if (!interrupted) {
				try {
					return call.get();
				}
				catch (RuntimeException ex) {
					// Both checks: the flag must be cleared for the wait below.
					boolean cutShort = Thread.interrupted() | isInterruption(ex);
					if (!cutShort) {
						throw ex;
					}
					interrupted = true;
					return finish(call);
				}
			}
			return finish(call);
		}
		finally {
			if (interrupted) {
				Thread.currentThread().interrupt();
			}
		}
	}

	private <T> T finish(Supplier<T> call) {
		CompletableFuture<T> result = new CompletableFuture<>();
		try {
			this.finishers.execute(() -> {
				try {
					result.complete(call.get());
				}
				catch (Throwable ex) {
					result.completeExceptionally(ex);
				}
			});
		}
		catch (RejectedExecutionException ex) {
			return call.get();
		}
		try {
			// Not interruptible: it keeps waiting, and sets the flag again.
			return this.runtime.awaitUninterruptibly(result);
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

}
