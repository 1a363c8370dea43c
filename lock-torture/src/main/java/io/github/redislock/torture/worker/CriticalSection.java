// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.torture.worker;

import java.time.Duration;
import java.util.concurrent.locks.LockSupport;

import io.github.redislock.torture.oracle.Oracle;

/**
 * The work every holder does, reported to the oracle: enter (an overlap shows here), read
 * the lock's counter, wait, write it plus one (a lost update shows here), write to the
 * fenced resource (a stale write shows here), leave.
 *
 * @author redis-lock contributors
 */
final class CriticalSection {

	private final Oracle oracle;

	CriticalSection(Oracle oracle) {
		this.oracle = oracle;
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
			String read = this.oracle.read(lock);
			dwell(dwell);
			this.oracle.write(lock, holder, read);
			this.oracle.fencedWrite(lock, holder, token);
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
