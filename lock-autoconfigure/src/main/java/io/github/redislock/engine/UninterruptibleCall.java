/*
 * Copyright 2026 the original authors.
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *      https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package io.github.redislock.engine;

/**
 * Runs a store call that must complete even when the calling thread is interrupted: a
 * release, a waiter leaving the queue, a fencing token the holder asked for. An interrupt
 * makes a Redis client stop waiting for the reply (Lettuce throws "Command interrupted")
 * although the command was usually sent and may well have run, so the call runs with the
 * interrupt flag cleared, is made again if an interrupt cut it short, and the flag is set
 * again afterwards, whether the call succeeded or not: the interrupt is postponed, never
 * lost. Only calls that may safely be repeated are made this way.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
final class UninterruptibleCall {

	/**
	 * One call and two more: an interrupt usually lands once, and a thread interrupted
	 * again and again still gets an answer, or a failure, in bounded time.
	 */
	private static final int MAX_ATTEMPTS = 3;

	private UninterruptibleCall() {
	}

	/**
	 * Make the call, again if an interrupt cut it short.
	 * @param <T> the result type
	 * @param call the call
	 * @return the result of the first attempt that completed
	 * @throws RuntimeException the failure of the call, when it was not cut short by an
	 * interrupt or the attempts ran out
	 */
	static <T> T call(Attempt<T> call) {
		boolean interrupted = Thread.interrupted();
		try {
			for (int attempt = 1;; attempt++) {
				try {
					return call.run(attempt > 1);
				}
				catch (RuntimeException ex) {
					// Both checks: the flag must be cleared for the next attempt.
					boolean cutShort = Thread.interrupted() | isInterruption(ex);
					interrupted |= cutShort;
					if (!cutShort || attempt == MAX_ATTEMPTS) {
						throw ex;
					}
				}
			}
		}
		finally {
			if (interrupted) {
				Thread.currentThread().interrupt();
			}
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
