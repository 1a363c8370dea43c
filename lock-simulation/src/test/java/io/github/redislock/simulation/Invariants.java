// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.simulation;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import io.github.redislock.core.LockLease;
import io.github.redislock.simulation.server.SimRedis;

/**
 * The lock's promises, checked as the run goes: at most one holder of a lock at a time by
 * the holders' own clocks, fencing tokens growing in the order the server granted the
 * leases, every key but the token counters with a TTL. Faults beyond the timing
 * assumptions excuse an overlap or a token out of order only if one happened since the
 * older of the two leases was asked for.
 *
 * @author redis-lock contributors
 */
public final class Invariants {

	private static final int MAX_REPORTED = 20;

	private final Scheduler scheduler;

	private final List<String> violations = new ArrayList<>();

	private final List<Long> unsafeFaults = new ArrayList<>();

	private final Map<String, String> ownerOnServer = new HashMap<>();

	/** The order in which the server last recorded each owner token as a holder. */
	private final Map<String, Long> grantOrder = new HashMap<>();

	private final Map<Long, Long> grantTimes = new HashMap<>();

	private final Map<String, List<Hold>> holds = new HashMap<>();

	private final Map<String, TreeMap<Long, Long>> tokens = new HashMap<>();

	private long grants;

	private long overlapsExcused;

	private long grantsRunOut;

	Invariants(Scheduler scheduler) {
		this.scheduler = scheduler;
	}

	/** A fault beyond the timing assumptions happened now. */
	void unsafeFault() {
		this.unsafeFaults.add(this.scheduler.nanos());
	}

	private boolean faultSince(long since) {
		return !this.unsafeFaults.isEmpty() && this.unsafeFaults.get(this.unsafeFaults.size() - 1) >= since;
	}

	void violation(String text) {
		this.scheduler.note("VIOLATION " + text);
		this.scheduler.trace().violated();
		if (this.violations.size() < MAX_REPORTED) {
			this.violations.add("at " + this.scheduler.nanos() / 1_000_000 + " ms: " + text);
		}
	}

	public List<String> violations() {
		return this.violations;
	}

	long overlapsExcused() {
		return this.overlapsExcused;
	}

	/** Leases granted to a caller only after they had run out by its own clock. */
	long grantsRunOut() {
		return this.grantsRunOut;
	}

	/**
	 * Keys a command wrote on the master: TTLs, and holders as the server records them.
	 */
	void written(SimRedis server, Set<String> keys) {
		for (String key : keys) {
			if (server.expireAt(key) == -1 && !key.endsWith(":fence-counter")) {
				violation("key " + key + " has no TTL on " + server + ": " + server.dump().get(key));
			}
			if (key.endsWith("}")) {
				String value = server.peek(key);
				String owner = (value != null) ? value.split(" ", 2)[0] : null;
				if (owner != null && !owner.equals(this.ownerOnServer.get(key))) {
					// The latest grant counts: a waiter may be handed the lock, let it
					// run out
					// untaken, and be handed it again under the same owner token.
					long order = ++this.grants;
					this.grantOrder.put(owner, order);
					this.grantTimes.put(order, this.scheduler.nanos());
				}
				this.ownerOnServer.put(key, owner);
			}
		}
	}

	/** A caller was granted a lease; no other lease of the lock may still be held. */
	Hold granted(String caller, String name, LockLease lease, String owner, long askedAt) {
		Hold hold = new Hold(caller, name, lease, owner, askedAt);
		List<Hold> current = this.holds.computeIfAbsent(name, (key) -> new ArrayList<>());
		if (!lease.isHeld()) {
			// Its reply came after its lease ran out: granted, but not held.
			this.grantsRunOut++;
			this.scheduler.note(hold + " was granted a lease that had already run out");
			current.add(hold);
			return hold;
		}
		for (Hold other : current) {
			if (other.lease.isHeld()) {
				if (faultSince(other.askedAt)) {
					this.overlapsExcused++;
					this.scheduler.note("overlap excused by a fault: " + other + " and " + hold);
				}
				else {
					violation("two holders of lock '" + name + "': " + other + " and " + hold);
				}
			}
		}
		current.add(hold);
		return hold;
	}

	void ended(Hold hold) {
		List<Hold> current = this.holds.get(hold.name);
		if (current != null) {
			current.remove(hold);
		}
	}

	/**
	 * A token must be above those of leases granted before and below those granted after.
	 */
	void fencingToken(Hold hold, long token) {
		Long order = this.grantOrder.get(hold.owner);
		if (order == null) {
			violation(hold + " got fencing token " + token + " but the server never recorded it as holder");
			return;
		}
		TreeMap<Long, Long> issued = this.tokens.computeIfAbsent(hold.name, (key) -> new TreeMap<>());
		Map.Entry<Long, Long> before = issued.lowerEntry(order);
		Map.Entry<Long, Long> after = issued.higherEntry(order);
		if ((before != null && before.getValue() >= token) || (after != null && after.getValue() <= token)) {
			long since = this.grantTimes.getOrDefault((before != null) ? before.getKey() : order, 0L);
			if (!faultSince(since)) {
				violation("fencing token " + token + " of " + hold + " (grant " + order + ") is out of order with "
						+ issued);
			}
		}
		issued.put(order, token);
	}

	int activeHolds() {
		return this.holds.values().stream().mapToInt(List::size).sum();
	}

	/** One lease a caller holds, and when it asked for it. */
	static final class Hold {

		final String caller;

		final String name;

		final LockLease lease;

		final String owner;

		final long askedAt;

		Hold(String caller, String name, LockLease lease, String owner, long askedAt) {
			this.caller = caller;
			this.name = name;
			this.lease = lease;
			this.owner = owner;
			this.askedAt = askedAt;
		}

		@Override
		public String toString() {
			return this.caller + " as " + this.owner + " (asked at " + this.askedAt / 1_000_000 + " ms)";
		}

	}

}
