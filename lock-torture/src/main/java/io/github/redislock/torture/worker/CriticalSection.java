// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.torture.worker;

import java.time.Duration;
import java.util.concurrent.locks.LockSupport;

import io.github.redislock.torture.oracle.FencedTable;
import io.github.redislock.torture.oracle.Oracle;

/**
 * The work every holder does, reported to the oracle: enter (an overlap shows here, and
 * the token is shown to the fenced PostgreSQL table), read the lock's counter, wait,
 * write it plus one (a lost update shows here), write to the fenced resource, in the
 * oracle and in PostgreSQL (a stale write shows here), leave.
 *
 * @author redis-lock contributors
 */
final class CriticalSection {

	private final Oracle oracle;

	private final FencedTable table;

	CriticalSection(Oracle oracle, FencedTable table) {
		this.oracle = oracle;
		this.table = table;
	}

	/**
	 * Run one section.
	 * @param lock the lock held
	 * @param holder the holder id
	 * @param token the holder's fencing token
	 * @param dwell how long to wait between the read and the write; a pause of the JVM or
	 * an interrupt lands here most of the time
	 * @throws InterruptedException if the thread is interrupted while it waits
	 */
	void run(String lock, String holder, long token, Duration dwell) throws InterruptedException {
		this.oracle.enter(lock, holder, token);
		boolean completed = false;
		try {
			this.table.enter(lock, holder, token);
			String read = this.oracle.read(lock);
			dwell(dwell);
			this.oracle.write(lock, holder, read);
			this.oracle.fencedWrite(lock, holder, token);
			boolean accepted = this.table.write(lock, holder, token);
			this.oracle.count(accepted ? "jdbcAccepted" : "jdbcRejected", 1);
			completed = true;
		}
		finally {
			this.oracle.exit(lock, holder, completed);
		}
	}

	private static void dwell(Duration dwell) throws InterruptedException {
		if (dwell.toMillis() >= 1) {
			Thread.sleep(dwell.toMillis());
		}
		else if (!dwell.isZero()) {
			LockSupport.parkNanos(dwell.toNanos());
			if (Thread.interrupted()) {
				throw new InterruptedException();
			}
		}
	}

}
