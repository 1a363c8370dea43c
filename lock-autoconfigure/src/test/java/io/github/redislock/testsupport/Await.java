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

package io.github.redislock.testsupport;

import java.time.Duration;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * Polls a condition until it holds, bounded both in time and in number of attempts.
 * <p>
 * Starting servers, replication, sentinel discovery and cluster gossip are all
 * asynchronous; every wait of the fixture goes through here so that none can hang a
 * build. A condition that throws counts as "not yet", and the last such exception is
 * attached to the timeout failure because it usually explains it.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
public final class Await {

	/**
	 * Pause between two attempts when none is given.
	 */
	public static final Duration DEFAULT_POLL_INTERVAL = Duration.ofMillis(50);

	private Await() {
	}

	/**
	 * Wait until the condition holds.
	 * @param description what is awaited, for the failure message
	 * @param timeout how long to wait at most
	 * @param condition the condition to poll
	 * @throws IllegalStateException if the condition does not hold in time
	 */
	public static void until(String description, Duration timeout, BooleanSupplier condition) {
		until(description, timeout, DEFAULT_POLL_INTERVAL, condition);
	}

	/**
	 * Wait until the condition holds.
	 * @param description what is awaited, for the failure message
	 * @param timeout how long to wait at most
	 * @param pollInterval pause between two attempts
	 * @param condition the condition to poll
	 * @throws IllegalStateException if the condition does not hold in time
	 */
	public static void until(String description, Duration timeout, Duration pollInterval, BooleanSupplier condition) {
		value(description, timeout, pollInterval, () -> condition.getAsBoolean() ? Boolean.TRUE : null);
	}

	/**
	 * Wait until the supplier returns a non-null value and return it.
	 * @param <T> the value type
	 * @param description what is awaited, for the failure message
	 * @param timeout how long to wait at most
	 * @param supplier the supplier to poll; {@code null} means "not yet"
	 * @return the first non-null value
	 * @throws IllegalStateException if no value comes in time
	 */
	public static <T> T value(String description, Duration timeout, Supplier<T> supplier) {
		return value(description, timeout, DEFAULT_POLL_INTERVAL, supplier);
	}

	/**
	 * Wait until the supplier returns a non-null value and return it.
	 * @param <T> the value type
	 * @param description what is awaited, for the failure message
	 * @param timeout how long to wait at most
	 * @param pollInterval pause between two attempts
	 * @param supplier the supplier to poll; {@code null} means "not yet"
	 * @return the first non-null value
	 * @throws IllegalStateException if no value comes in time
	 */
	public static <T> T value(String description, Duration timeout, Duration pollInterval, Supplier<T> supplier) {
		long pause = Math.max(1, pollInterval.toMillis());
		long maxAttempts = timeout.toMillis() / pause + 2;
		long deadline = System.nanoTime() + timeout.toNanos();
		RuntimeException lastFailure = null;
		for (long attempt = 1; attempt <= maxAttempts; attempt++) {
			try {
				T value = supplier.get();
				if (value != null) {
					return value;
				}
				lastFailure = null;
			}
			catch (RuntimeException ex) {
				lastFailure = ex;
			}
			if (System.nanoTime() - deadline >= 0) {
				break;
			}
			sleep(Duration.ofMillis(pause));
		}
		throw new IllegalStateException("Timed out after " + timeout.toMillis() + " ms waiting until " + description,
				lastFailure);
	}

	/**
	 * Sleep, turning an interrupt into an unchecked exception that keeps the interrupt
	 * flag.
	 * @param duration how long to sleep
	 */
	public static void sleep(Duration duration) {
		try {
			Thread.sleep(duration.toMillis());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("Interrupted while waiting", ex);
		}
	}

}
