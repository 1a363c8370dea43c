// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.engine;

/**
 * Deadlines of waits as {@link System#nanoTime()} values, {@link Long#MAX_VALUE} for a
 * wait without end. Kept as a plain {@code long}, not an object: every acquisition has a
 * deadline, and the uncontended one should allocate nothing for it.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
final class Deadline {

	/** The deadline of a wait without end. */
	static final long NONE = Long.MAX_VALUE;

	private Deadline() {
	}

	/**
	 * Return the deadline of a wait that starts now.
	 * @param waitNanos how long to wait, {@link Long#MAX_VALUE} for ever; a negative wait
	 * is none
	 * @return the deadline, {@link #NONE} if it would lie beyond what a {@code long} can
	 * count
	 */
	static long after(long waitNanos) {
		if (waitNanos == Long.MAX_VALUE) {
			return NONE;
		}
		try {
			return Math.addExact(System.nanoTime(), Math.max(0, waitNanos));
		}
		catch (ArithmeticException ex) {
			return NONE;
		}
	}

	/**
	 * Return how long is left until the deadline.
	 * @param deadline the deadline
	 * @return the nanoseconds left, zero or negative once it passed,
	 * {@link Long#MAX_VALUE} for a wait without end
	 */
	static long remaining(long deadline) {
		return (deadline == NONE) ? Long.MAX_VALUE : deadline - System.nanoTime();
	}

}
