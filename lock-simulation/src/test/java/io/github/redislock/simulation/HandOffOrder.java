// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.simulation;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Supplier;

import io.github.redislock.simulation.server.SimRedis;

/**
 * First in, first out where the documentation promises it: a release that hands a lock to
 * a queued waiter hands it to the one that queued first among those whose place is live
 * (the place is in the waiters hash and valid by the server's clock, as
 * {@code release.lua} reads it, and is not the releaser's own), and a release that frees
 * the lock leaves no live place behind. When each waiter queued is recorded here, by the
 * server's clock at the moment its attempt ran, not read from the queue's scores, so that
 * a script that orders the queue wrongly is caught. After a failover a promoted replica
 * may hold places the old master had already served, whose arrival this cannot know: the
 * check leaves out places it did not see queue on the master of the moment.
 *
 * @author redis-lock contributors
 */
public final class HandOffOrder {

	private static final long UNKNOWN = Long.MIN_VALUE;

	private static final String QUEUED = "\"waiters\":true}";

	/** Places {@code release.lua} looks at before it frees the lock anyway. */
	private static final int LOOKED_AT = 17;

	private final Invariants invariants;

	private final Deployment deployment;

	/**
	 * Per queue key, when each place was first seen, as server microseconds, with the
	 * score it had: a place with another score was made again (after an eviction, say).
	 */
	private final Map<String, Map<String, Place>> arrivals = new HashMap<>();

	/** Every queue seen, with its waiters hash. */
	private final Map<String, String> waitersKeys = new HashMap<>();

	private int failoversSeen;

	private long handOffsChecked;

	HandOffOrder(Invariants invariants, Deployment deployment) {
		this.invariants = invariants;
		this.deployment = deployment;
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
			if (known == null || known.arrival() == UNKNOWN) {
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
						+ " held a live place in its queue: " + describe(queued));
			}
			return;
		}
		String token = after.split(" ", 2)[0];
		int grant = token.lastIndexOf('#');
		String handedTo = (grant > 0) ? token.substring(0, grant) : token;
		this.handOffsChecked++;
		if (!handedTo.equals(first)) {
			this.invariants.violation("the release by " + owner + " handed " + lockKey + " to " + handedTo + ", but "
					+ first + " queued first among the live places: " + describe(queued));
		}
	}

	private String describe(List<String[]> queued) {
		StringBuilder text = new StringBuilder();
		for (String[] place : queued) {
			text.append(place[0]).append(" (").append(place[1]).append(") ");
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
	 * Notes the places of a queue: new ones arrived now, those gone are forgotten. At the
	 * first look after a failover, the places of every queue not seen before are of
	 * unknown arrival: the promoted replica may have kept places already served.
	 */
	private void record(SimRedis server, String queueKey, String waitersKey) {
		this.waitersKeys.putIfAbsent(queueKey, waitersKey);
		if (this.deployment.failovers() != this.failoversSeen) {
			this.failoversSeen = this.deployment.failovers();
			this.waitersKeys.forEach((queue, waiters) -> {
				Map<String, Place> arrived = this.arrivals.computeIfAbsent(queue, (key) -> new HashMap<>());
				for (String[] place : server.queued(queue, waiters)) {
					arrived.putIfAbsent(place[0], new Place(UNKNOWN, place[2]));
				}
			});
		}
		List<String[]> queued = server.queued(queueKey, waitersKey);
		if (queued.isEmpty()) {
			this.arrivals.remove(queueKey);
			return;
		}
		Map<String, Place> arrived = this.arrivals.computeIfAbsent(queueKey, (key) -> new HashMap<>());
		Set<String> present = new HashSet<>();
		long now = server.clock().micros();
		for (String[] place : queued) {
			present.add(place[0]);
			Place known = arrived.get(place[0]);
			if (known == null || !known.score().equals(place[2])) {
				arrived.put(place[0], new Place(now, place[2]));
			}
		}
		arrived.keySet().retainAll(present);
	}

	/** Hand-offs whose order was checked. */
	long handOffsChecked() {
		return this.handOffsChecked;
	}

	private record Place(long arrival, String score) {

	}

}
