// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.engine;

/**
 * Wait deadlines as {@link EngineRuntime#nanoTime()} values, {@link #NONE} for no end: a
 * plain {@code long}, so that an uncontended acquisition allocates nothing for it.
 *
 * @author redis-lock contributors
 */
final class Deadline {

	static final long NONE = Long.MAX_VALUE;

	private Deadline() {
	}

	/** A negative wait is none; one past what a {@code long} holds is {@link #NONE}. */
	static long after(long now, long waitNanos) {
		if (waitNanos == Long.MAX_VALUE) {
			return NONE;
		}
		try {
			return Math.addExact(now, Math.max(0, waitNanos));
		}
		catch (ArithmeticException ex) {
			return NONE;
		}
	}

	/** Zero or negative once passed; {@link Long#MAX_VALUE} for {@link #NONE}. */
	static long remaining(long deadline, long now) {
		return (deadline == NONE) ? Long.MAX_VALUE : deadline - now;
	}

}
