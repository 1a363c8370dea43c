// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.torture.worker;

import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import io.github.redislock.torture.oracle.Oracle;

/**
 * Records when the worker's own JVM ran late (a collection, a busy machine): a timer that
 * wakes late stretches an acquisition past its bound as a fault would, and the supervisor
 * excuses a late acquisition only by as much as its worker was seen stalled.
 *
 * @author redis-lock contributors
 */
final class StallWatch implements Runnable {

	/** Lists stalls as {@code <worker> <from> <to>}, wall-clock milliseconds. */
	static final String STALLS = "stalls";

	private static final long TICK_MILLIS = 5;

	/** Shorter delays are the timer's own granularity, not a stall. */
	private static final long STALL_MILLIS = 10;

	private static final int MAX_RECORDED = 10_000;

	private final String worker;

	private final Oracle oracle;

	private final BooleanSupplier running;

	StallWatch(String worker, Oracle oracle, BooleanSupplier running) {
		this.worker = worker;
		this.oracle = oracle;
		this.running = running;
	}

	@Override
	public void run() {
		int recorded = 0;
		while (this.running.getAsBoolean() && recorded < MAX_RECORDED) {
			long due = System.currentTimeMillis() + TICK_MILLIS;
			long before = System.nanoTime();
			try {
				TimeUnit.MILLISECONDS.sleep(TICK_MILLIS);
			}
			catch (InterruptedException ex) {
				return;
			}
			long late = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - before) - TICK_MILLIS;
			if (late >= STALL_MILLIS) {
				this.oracle.commands().rpush(STALLS, this.worker + " " + due + " " + (due + late));
				recorded++;
			}
		}
	}

	/**
	 * Start watching on a daemon thread.
	 * @param worker the worker id
	 * @param oracle where stalls are recorded
	 * @param running until when to watch
	 */
	static void start(String worker, Oracle oracle, BooleanSupplier running) {
		Thread thread = new Thread(new StallWatch(worker, oracle, running), worker + "-stall-watch");
		thread.setDaemon(true);
		thread.start();
	}

}
