// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.simulation;

import java.util.HashMap;
import java.util.Map;

/**
 * How many times in a row one client passes a lock to another of its threads with a fresh
 * lease ({@code reacquire.lua}) while other instances may wait: at most four, as
 * docs/how-it-works.md promises, counting every pass when the store cannot queue waiters
 * (under replica acknowledgement) and else those whose reply said others wait. Seen from
 * the store, so that the client's own count is not what is checked.
 *
 * @author redis-lock contributors
 */
public final class KeptTurns {

	/** "At most four times in a row, then hands it over." */
	static final int PROMISED = 4;

	private final Invariants invariants;

	/** Per lock key: the client that passed it last, and its passes in a row. */
	private final Map<String, Run> runs = new HashMap<>();

	private long passes;

	KeptTurns(Invariants invariants) {
		this.invariants = invariants;
	}

	/** A pass with a fresh lease answered. */
	public void passed(String client, String lockKey, boolean counts) {
		this.passes++;
		Run run = this.runs.get(lockKey);
		if (run == null || !run.client.equals(client)) {
			run = new Run(client);
			this.runs.put(lockKey, run);
		}
		run.turns = counts ? run.turns + 1 : 0;
		if (run.turns > PROMISED) {
			this.invariants.violation(client + " kept " + lockKey + " for " + run.turns
					+ " turns in a row while other instances may have waited");
			run.turns = 0;
		}
	}

	/**
	 * The client took the lock from the store (a hand-off too), or gave it back there: a
	 * new run.
	 */
	public void freed(String client, String lockKey) {
		Run run = this.runs.get(lockKey);
		if (run != null && run.client.equals(client)) {
			this.runs.remove(lockKey);
		}
	}

	/** Passes with a fresh lease seen in the run. */
	long passes() {
		return this.passes;
	}

	private static final class Run {

		final String client;

		int turns;

		Run(String client) {
			this.client = client;
		}

	}

}
