// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.torture.worker;

import java.time.Duration;
import java.util.concurrent.locks.LockSupport;

import io.github.redislock.core.LockException;
import io.github.redislock.torture.oracle.FencedTable;
import io.github.redislock.torture.oracle.Oracle;

/**
 * The work every holder does, reported to the oracle: enter (an overlap shows here, and
 * the token is shown to the fenced PostgreSQL table), read the lock's counter, wait,
 * write it plus one (a lost update shows here), write to the fenced resource, in the
 * oracle and in PostgreSQL (a stale write shows here), leave. A holder whose token the
 * resource refused at entry raises the lock's tokens above the resource's, as an
 * application does, so that a store that lost its last tokens refuses one holder, not
 * every holder until its clock passes them.
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
	 * @param askedAt the oracle's sequence before the holder asked for the lock
	 * @param tokens raises the lock's tokens when the resource refused this one
	 * @param dwell how long to wait between the read and the write; a pause of the JVM or
	 * an interrupt lands here most of the time
	 * @throws InterruptedException if the thread is interrupted while it waits
	 */
	void run(String lock, String holder, long token, long askedAt, LockedWork.FencingTokenSource tokens, Duration dwell)
			throws InterruptedException {
		long newer = this.oracle.enter(lock, holder, token, askedAt);
		boolean completed = false;
		try {
			this.table.enter(lock, holder, token);
			if (newer != 0) {
				raise(tokens, newer);
			}
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

	/**
	 * A store that cannot raise now (Redis down) leaves it to the next refused holder.
	 */
	private void raise(LockedWork.FencingTokenSource tokens, long newer) {
		try {
			tokens.raiseAbove(newer);
			this.oracle.count("tokenRaises", 1);
		}
		catch (LockException ex) {
			this.oracle.count("tokenRaisesFailed", 1);
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
