// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.simulation;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;

import io.github.redislock.simulation.server.SimRedis;

/**
 * First in, first out where the documentation promises it: a release that hands a lock to
 * a queued waiter hands it to the one that queued first among those whose place is live
 * (the place is in the waiters hash and valid by the server's clock, as
 * {@code release.lua} reads it, and is not the releaser's own), and a release that frees
 * the lock leaves no live place behind. When each waiter queued is recorded here, by the
 * server's clock at the moment its attempt ran, not read from the queue's scores, so that
 * a script that orders the queue wrongly is caught. "First" is by that clock: after it
 * jumped back, a later waiter may come first, as it does in the script's scores.
 *
 * @author redis-lock contributors
 */
public final class HandOffOrder {

	private static final String QUEUED = "\"waiters\":true}";

	/** Places {@code release.lua} looks at before it frees the lock anyway. */
	private static final int LOOKED_AT = 17;

	private final Invariants invariants;

	/**
	 * Per queue key, when each place was first seen, as server microseconds, with the
	 * score it had: a place with another score was made again (after an eviction, say).
	 */
	private final Map<String, Map<String, Place>> arrivals = new HashMap<>();

	private long handOffsChecked;

	HandOffOrder(Invariants invariants) {
		this.invariants = invariants;
	}

	/** Runs {@code acquire.lua}, then records the places it queued. */
	public Object acquire(SimRedis server, String queueKey, String waitersKey, Supplier<Object> script) {
		Object reply = script.get();
		record(server, queueKey, waitersKey);
		return reply;
	}

	/** Runs {@code release.lua} and checks whom it handed the lock to. */
	public Object release(SimRedis server, String lockKey, String queueKey, String waitersKey, String owner,
			Supplier<Object> script) {
		String before = server.peek(lockKey);
		if (before == null || !before.endsWith(QUEUED)) {
			Object reply = script.get();
			record(server, queueKey, waitersKey);
			return reply;
		}
		record(server, queueKey, waitersKey);
		List<String[]> queued = server.queued(queueKey, waitersKey);
		long millis = server.clock().millis();
		Object reply = script.get();
		String after = server.peek(lockKey);
		if (!Objects.equals(before, after) && queued.size() <= LOOKED_AT) {
			check(lockKey, owner, queued, millis, after, this.arrivals.get(queueKey));
		}
		record(server, queueKey, waitersKey);
		return reply;
	}

	private void check(String lockKey, String owner, List<String[]> queued, long millis, String after,
			Map<String, Place> arrived) {
		String first = null;
		long firstArrival = 0;
		for (String[] place : queued) {
			String waiter = place[0];
			if (place[1] == null || waiter.equals(owner) || owner.startsWith(waiter + "#")
					|| validUntil(place[1]) < millis) {
				continue;
			}
			Place known = (arrived != null) ? arrived.get(waiter) : null;
			if (known == null) {
				return;
			}
			long arrival = known.arrival();
			if (first == null || arrival < firstArrival || (arrival == firstArrival && waiter.compareTo(first) < 0)) {
				first = waiter;
				firstArrival = arrival;
			}
		}
		if (after == null) {
			if (first != null) {
				this.invariants.violation("the release by " + owner + " freed " + lockKey + " while " + first
						+ " held a live place in its queue: " + describe(queued, arrived));
			}
			return;
		}
		String token = after.split(" ", 2)[0];
		int grant = token.lastIndexOf('#');
		String handedTo = (grant > 0) ? token.substring(0, grant) : token;
		this.handOffsChecked++;
		if (!handedTo.equals(first)) {
			this.invariants.violation("the release by " + owner + " handed " + lockKey + " to " + handedTo + ", but "
					+ first + " queued first among the live places: " + describe(queued, arrived));
		}
	}

	private String describe(List<String[]> queued, Map<String, Place> arrived) {
		StringBuilder text = new StringBuilder();
		for (String[] place : queued) {
			Place known = (arrived != null) ? arrived.get(place[0]) : null;
			text.append(place[0])
				.append(" (")
				.append(place[1])
				.append(", score ")
				.append(place[2])
				.append(", seen queued at ")
				.append((known != null) ? known.arrival() : "?")
				.append(") ");
		}
		return text.toString().trim();
	}

	private static long validUntil(String entry) {
		int space = entry.indexOf(' ');
		try {
			return Long.parseLong((space < 0) ? entry : entry.substring(0, space));
		}
		catch (NumberFormatException ex) {
			return Long.MIN_VALUE;
		}
	}

	/**
	 * Notes the places of a queue not seen before, or seen with another score (made
	 * again, after an eviction say), as arrived now. A place is never forgotten: one that
	 * comes back with its score (its queue expired, then the server's clock jumped back;
	 * or a promoted replica still had it) keeps its arrival.
	 */
	private void record(SimRedis server, String queueKey, String waitersKey) {
		List<String[]> queued = server.queued(queueKey, waitersKey);
		if (queued.isEmpty()) {
			return;
		}
		Map<String, Place> arrived = this.arrivals.computeIfAbsent(queueKey, (key) -> new HashMap<>());
		long now = server.clock().micros();
		for (String[] place : queued) {
			Place known = arrived.get(place[0]);
			if (known == null || !known.score().equals(place[2])) {
				arrived.put(place[0], new Place(now, place[2]));
			}
		}
	}

	/** Hand-offs whose order was checked. */
	long handOffsChecked() {
		return this.handOffsChecked;
	}

	private record Place(long arrival, String score) {

	}

}
