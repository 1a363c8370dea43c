// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.simulation;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

import io.github.redislock.simulation.server.SimRedis;

/**
 * No grant is left behind: every lock key written for a new owner (a hand-off to a queued
 * waiter, a free lock taken, a pass to another thread of the client) is, within a bound,
 * taken by a caller of that owner's client, given back by it, or gone from the key. A
 * waiter that stops waiting (its wait ran out, it was interrupted, its store failed) must
 * leave its queue place, or a release hands the lock to nobody, and every other waiter
 * waits out that lease. A grant is excused only when its client crashed or shut down, or
 * a fault beyond the timing assumptions or a failover happened since it may have queued;
 * a pause of its client delays the check by as long.
 *
 * @author redis-lock contributors
 */
public final class UntakenGrants {

	/**
	 * The longest backoff between attempts (1 s), a command timeout (0.5 s), a late
	 * message each way (0.3 s), and a margin.
	 */
	static final long BOUND_NANOS = 3_000_000_000L;

	private final Scheduler scheduler;

	private final Invariants invariants;

	private final Deployment deployment;

	/** Per client and lock name, when a caller of the client last took the lock. */
	private final Map<String, Long> takenUp = new HashMap<>();

	/** Owner tokens a client sent a release or a give-back under. */
	private final Set<String> released = new HashSet<>();

	private final Map<String, SimClient> clients = new HashMap<>();

	UntakenGrants(Scheduler scheduler, Invariants invariants, Deployment deployment) {
		this.scheduler = scheduler;
		this.invariants = invariants;
		this.deployment = deployment;
	}

	void client(SimClient client) {
		this.clients.put(client.name, client);
	}

	/** A caller of the client took the lock: its thread or future was given it. */
	void takenUp(String client, String name) {
		this.takenUp.put(client + " " + name, this.scheduler.nanos());
	}

	/** The client sent a release or a give-back under this owner token. */
	public void releaseSent(String owner) {
		this.released.add(owner);
	}

	/** The master recorded a new owner in the lock key. */
	void granted(String key, String owner) {
		long grantedAt = this.scheduler.nanos();
		SimClient client = this.clients.get(clientOf(owner));
		long paused = (client != null) ? client.process.pausedNanos() : 0;
		// A pause under way, already counted in full, delays the check by what is left of
		// it.
		long pauseLeft = (client != null) ? Math.max(0, client.process.pausedUntil() - grantedAt) : 0;
		int failovers = this.deployment.failovers();
		this.scheduler.schedule(BOUND_NANOS + pauseLeft, null,
				() -> check(key, owner, grantedAt, client, paused, failovers));
	}

	private void check(String key, String owner, long grantedAt, SimClient client, long pausedBefore, int failovers) {
		if (client == null || client.process.isCrashed() || !client.client.isRunning()) {
			return;
		}
		long pausedSince = client.process.pausedNanos() - pausedBefore;
		if (pausedSince > 0) {
			this.scheduler.schedule(pausedSince, null,
					() -> check(key, owner, grantedAt, client, pausedBefore + pausedSince, failovers));
			return;
		}
		SimRedis master = this.deployment.master();
		if (!owner.equals(owner(master.peek(key)))) {
			return;
		}
		Long takenAt = this.takenUp.get(client.name + " " + name(key));
		if ((takenAt != null && takenAt >= grantedAt) || this.released.contains(owner)
				|| this.released.contains(place(owner)) || this.deployment.failovers() != failovers
				|| this.invariants.faultSince(grantedAt - Invariants.PLACE_BOUND_NANOS)) {
			return;
		}
		this.invariants.violation("lock key " + key + " granted to " + owner + " at " + grantedAt / 1_000_000
				+ " ms was neither taken up nor given back " + BOUND_NANOS / 1_000_000 + " ms later: "
				+ master.dump().get(key));
	}

	private static String owner(String value) {
		return (value != null) ? value.split(" ", 2)[0] : null;
	}

	/** The lock name in a lock key, {@code lock:{name}}. */
	private static String name(String key) {
		return key.substring(key.indexOf('{') + 1, key.length() - 1);
	}

	/** The owner token a waiter queued under, for a grant through its place. */
	private static String place(String owner) {
		int grant = owner.indexOf('#');
		return (grant > 0) ? owner.substring(0, grant) : owner;
	}

	private static String clientOf(String owner) {
		String token = place(owner);
		int colon = token.lastIndexOf(':');
		return (colon > 0) ? token.substring(0, colon) : token;
	}

}
