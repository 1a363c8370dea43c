// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.torture.worker;

import org.springframework.context.event.EventListener;

import io.github.redislock.core.LockLostEvent;
import io.github.redislock.torture.oracle.Oracle;

/**
 * Tells the oracle of every lost-lease signal, which the starter publishes as an
 * application event, so that each overlap can be matched to a report to its older holder.
 *
 * @author redis-lock contributors
 */
public class LostLeaseRecorder {

	private final Oracle oracle;

	/**
	 * Create a recorder.
	 * @param oracle where to record
	 */
	public LostLeaseRecorder(Oracle oracle) {
		this.oracle = oracle;
	}

	/**
	 * Record a lost lease.
	 * @param event the signal
	 */
	@EventListener
	public void onLockLost(LockLostEvent event) {
		if (event.fencingToken() != 0) {
			this.oracle.reportLost(event.lockName(), event.fencingToken(), "signal");
		}
		else {
			this.oracle.count("lostSignalsWithoutToken", 1);
		}
	}

}
