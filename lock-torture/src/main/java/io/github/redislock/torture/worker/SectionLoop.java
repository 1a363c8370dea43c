// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.torture.worker;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.BooleanSupplier;

import io.github.redislock.torture.oracle.Oracle;

/**
 * One worker thread: runs sections on random locks back to back, as fast as the locks
 * allow, until the worker stops or its run time is over.
 *
 * @author redis-lock contributors
 */
final class SectionLoop implements Runnable {

	/** The longest a section waits between its read and its write. */
	private static final long MAX_DWELL_NANOS = 300_000;

	/**
	 * How long a thread backs off after the store failed, so a dead Redis is not spun on.
	 */
	private static final long ERROR_BACKOFF_MS = 20;

	private final String holderPrefix;

	private final SectionRunner runner;

	private final List<String> locks;

	private final Oracle oracle;

	private final BooleanSupplier running;

	SectionLoop(String holderPrefix, SectionRunner runner, List<String> locks, Oracle oracle, BooleanSupplier running) {
		this.holderPrefix = holderPrefix;
		this.runner = runner;
		this.locks = locks;
		this.oracle = oracle;
		this.running = running;
	}

	@Override
	public void run() {
		ThreadLocalRandom random = ThreadLocalRandom.current();
		for (long section = 0; this.running.getAsBoolean(); section++) {
			String lock = this.locks.get(random.nextInt(this.locks.size()));
			Duration dwell = Duration.ofNanos(random.nextLong(MAX_DWELL_NANOS));
			try {
				SectionRunner.Outcome outcome = this.runner.run(lock, this.holderPrefix + section, dwell);
				if (outcome != SectionRunner.Outcome.COMPLETED && outcome != SectionRunner.Outcome.NOT_ACQUIRED) {
					this.oracle.count(outcome.countName(), 1);
				}
				if (outcome == SectionRunner.Outcome.LOCK_ERROR) {
					Thread.sleep(ERROR_BACKOFF_MS);
				}
				else if (outcome == SectionRunner.Outcome.NOT_ACQUIRED) {
					this.oracle.count("notAcquired", 1);
				}
			}
			catch (InterruptedException ex) {
				if (!this.running.getAsBoolean()) {
					return;
				}
				this.oracle.record("section-interrupted", lock + " " + this.holderPrefix + section);
			}
			catch (RuntimeException ex) {
				this.oracle.record("worker-error", lock + " " + this.holderPrefix + section + " " + describe(ex));
			}
		}
	}

	/**
	 * Describe an unexpected exception on one line, with the innermost frame of this
	 * project's code, which tells the starter's failures from the harness's own.
	 */
	static String describe(Throwable ex) {
		String message = String.valueOf(ex.getMessage()).replace('\n', ' ');
		String frame = java.util.Arrays.stream(ex.getStackTrace())
			.filter((element) -> element.getClassName().startsWith("io.github.redislock"))
			.findFirst()
			.map((element) -> " at " + element)
			.orElse("");
		return ex.getClass().getSimpleName() + ": " + message.substring(0, Math.min(message.length(), 200)) + frame;
	}

}
