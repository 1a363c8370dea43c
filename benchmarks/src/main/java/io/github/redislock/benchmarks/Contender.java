// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.benchmarks;

import java.time.Duration;
import java.util.concurrent.locks.Lock;

/**
 * One lock implementation under test, reduced to "run this section while holding the lock
 * of this key" so that callback APIs such as {@code @RedisLock} fit as well as
 * {@code lock()}/{@code unlock()} pairs.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
interface Contender extends AutoCloseable {

	/**
	 * How long any contender waits for a lock before the benchmark gives up on it. Locks
	 * are only held for microseconds to milliseconds, so reaching it means a fault.
	 */
	Duration MAX_WAIT = Duration.ofSeconds(10);

	/**
	 * The lease of every contender that takes one: far longer than any hold here.
	 */
	Duration LEASE = Duration.ofSeconds(30);

	/**
	 * Return the short id used on command lines and between JVMs.
	 * @return the id
	 */
	String id();

	/**
	 * Acquire the lock of the key, waiting up to {@link #MAX_WAIT}, run the section and
	 * release the lock.
	 * @param key the lock name
	 * @param section the critical section
	 * @throws Exception if the lock was not acquired, or its release failed
	 */
	void locked(String key, Runnable section) throws Exception;

	@Override
	default void close() throws Exception {
	}

	/**
	 * Run the section under a lock the caller has just acquired, and release it.
	 * @param lock the acquired lock
	 * @param section the critical section
	 */
	static void runHolding(Lock lock, Runnable section) {
		try {
			section.run();
		}
		finally {
			lock.unlock();
		}
	}

}
