// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.torture.supervisor;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;

import io.github.redislock.torture.TortureTimings;
import io.github.redislock.torture.oracle.Oracle;

/**
 * Orders to the workers, through their control lists in the oracle: hold a lock for a
 * while (through the worker's own API, so that a fault finds a lock in use), interrupt
 * that holder.
 *
 * @author redis-lock contributors
 */
final class WorkerOrders {

	private final Oracle oracle;

	private final AtomicLong holds = new AtomicLong();

	WorkerOrders(Oracle oracle) {
		this.oracle = oracle;
	}

	/**
	 * Have a worker hold a lock for a while, and wait until it is inside its section.
	 * @param worker the worker
	 * @param lock the lock
	 * @param millis how long the section lasts
	 * @return the holder id, or {@code null} if it did not get in
	 */
	String hold(WorkerProcess worker, String lock, long millis) {
		for (int attempt = 0; attempt < 3; attempt++) {
			String holder = worker.id() + "/hold/" + this.holds.incrementAndGet();
			order(worker, "hold " + lock + " " + millis + " " + holder);
			if (awaitUntil(Duration.ofMillis(TortureTimings.WAIT_MS + 3000),
					() -> this.oracle.occupantsOf(lock).containsKey(holder))) {
				return holder;
			}
		}
		return null;
	}

	/**
	 * Interrupt the thread of a worker's latest hold.
	 * @param worker the worker
	 */
	void interruptHold(WorkerProcess worker) {
		order(worker, "interrupt-hold");
	}

	/**
	 * End the holds of every live worker.
	 * @param workers the workers
	 */
	void interruptHolds(Workers workers) {
		for (int slot = 0; slot < workers.size(); slot++) {
			WorkerProcess worker = workers.get(slot);
			if (worker.isAlive()) {
				interruptHold(worker);
			}
		}
	}

	private void order(WorkerProcess worker, String order) {
		this.oracle.commands().rpush("control:" + worker.id(), order);
	}

	/**
	 * Sleep, as a fault lasts or between polls; an interrupt ends the run.
	 * @param millis how long
	 */
	static void pause(long millis) {
		try {
			TimeUnit.MILLISECONDS.sleep(millis);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("Interrupted", ex);
		}
	}

	/**
	 * Poll a condition every 10 ms until it holds or the timeout passes.
	 * @param timeout how long to poll at most
	 * @param condition the condition
	 * @return whether it held
	 */
	static boolean awaitUntil(Duration timeout, BooleanSupplier condition) {
		long deadline = System.nanoTime() + timeout.toNanos();
		while (System.nanoTime() < deadline) {
			if (condition.getAsBoolean()) {
				return true;
			}
			pause(10);
		}
		return condition.getAsBoolean();
	}

}
