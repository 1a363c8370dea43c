// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.torture.worker;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import io.github.redislock.core.LockException;
import io.github.redislock.core.LockLostException;
import io.github.redislock.torture.TortureTimings;
import io.github.redislock.torture.oracle.FencedTable;
import io.github.redislock.torture.oracle.Oracle;

/**
 * Runs one critical section under a lock and tells the oracle what the lock did: an
 * acquisition that took longer than its wait time and its last attempt allow, a lease
 * found lost at release, an error of the store.
 *
 * @author redis-lock contributors
 */
final class SectionRunner {

	/**
	 * The longest an acquisition may take without replica acknowledgement: its wait time
	 * and its last attempt, one command.
	 */
	static final long LONGEST_ACQUISITION_MS = TortureTimings.WAIT_MS + TortureTimings.COMMAND_TIMEOUT_MS;

	private final String worker;

	private final long longestAcquisitionMillis;

	private final LockedSections sections;

	private final CriticalSection section;

	private final Oracle oracle;

	/**
	 * Run sections of one worker thread.
	 * @param worker the worker id
	 * @param sections how the thread locks
	 * @param oracle the oracle
	 * @param table the fenced PostgreSQL table
	 * @param longestAcquisitionMillis the longest an acquisition may take on the run's
	 * topology: its wait time and its last attempt
	 */
	SectionRunner(String worker, LockedSections sections, Oracle oracle, FencedTable table,
			long longestAcquisitionMillis) {
		this.worker = worker;
		this.longestAcquisitionMillis = longestAcquisitionMillis;
		this.sections = sections;
		this.section = new CriticalSection(oracle, table);
		this.oracle = oracle;
	}

	/**
	 * Run a section.
	 * @param lock the lock name
	 * @param holder the holder id
	 * @param dwell how long the section waits between its read and its write
	 * @return what happened
	 * @throws InterruptedException if the thread was interrupted
	 */
	Outcome run(String lock, String holder, Duration dwell) throws InterruptedException {
		long startWall = System.currentTimeMillis();
		long start = System.nanoTime();
		long[] token = new long[1];
		// Any holder that entered before this point was granted before this holder was.
		long askedAt = this.oracle.sequence();
		try {
			boolean acquired = this.sections.runLocked(lock, (fencingToken) -> {
				checkWait(lock, startWall, start, "acquired");
				token[0] = fencingToken.get();
				this.section.run(lock, holder, token[0], askedAt, fencingToken, dwell);
			});
			if (!acquired) {
				checkWait(lock, startWall, start, "not acquired");
				return Outcome.NOT_ACQUIRED;
			}
			return Outcome.COMPLETED;
		}
		catch (LockLostException ex) {
			if (token[0] != 0) {
				this.oracle.reportLost(lock, token[0], "release");
				return Outcome.LOST;
			}
			return Outcome.LOST_BEFORE_ENTRY;
		}
		catch (LockException ex) {
			if (token[0] != 0) {
				// Entered, then the release failed: the record names the holder should an
				// overlap find it unreported.
				this.oracle.record("entered-lock-error",
						lock + " " + holder + "=" + token[0] + " " + SectionLoop.describe(ex));
			}
			return Outcome.LOCK_ERROR;
		}
	}

	private void checkWait(String lock, long startWall, long start, String outcome) {
		long elapsed = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
		if (elapsed > this.longestAcquisitionMillis) {
			this.oracle.commands()
				.rpush("late", this.worker + " " + startWall + " " + System.currentTimeMillis() + " " + elapsed + " "
						+ (elapsed - this.longestAcquisitionMillis) + " " + lock + " " + outcome);
		}
	}

	/**
	 * What became of a section.
	 */
	enum Outcome {

		/** It ran to its end and the lock was released as held. */
		COMPLETED,

		/** The lock stayed busy for the whole wait time. */
		NOT_ACQUIRED,

		/** It ran, and the release found the lease lost. */
		LOST,

		/** The lease was lost before the section could fetch its fencing token. */
		LOST_BEFORE_ENTRY,

		/** The store failed: Redis down, paused or unreachable. */
		LOCK_ERROR;

		String countName() {
			return switch (this) {
				case COMPLETED -> "completed";
				case NOT_ACQUIRED -> "notAcquired";
				case LOST -> "lostAtRelease";
				case LOST_BEFORE_ENTRY -> "lostBeforeEntry";
				case LOCK_ERROR -> "lockErrors";
			};
		}

	}

}
