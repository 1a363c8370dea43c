// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.simulation.server;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.LongConsumer;
import java.util.function.LongSupplier;

/**
 * A master's replication to its replicas, as Redis 6.2 does it: the keys each command
 * wrote reach every replica in order after a lag, their expiry sent as a time to live
 * that the replica counts from its own clock when the write arrives; a replica that
 * attaches gets a full copy. {@code WAIT} counts the replicas that acknowledged every
 * write so far.
 *
 * @author redis-lock contributors
 */
public final class Replication {

	private final SimRedis master;

	private final Timers timers;

	private final List<Link> links = new ArrayList<>();

	private final List<Waiter> waiters = new ArrayList<>();

	private LongSupplier lagNanos = () -> 0;

	private long offset;

	Replication(SimRedis master, Timers timers) {
		this.master = master;
		this.timers = timers;
	}

	/** How long each write takes to reach a replica, drawn per write and replica. */
	public void lag(LongSupplier lagNanos) {
		this.lagNanos = lagNanos;
	}

	/** Attaches a replica, which first gets a full copy of the master's keys. */
	public void attach(SimRedis replica) {
		Keyspace target = replica.keyspace();
		target.clear();
		Keyspace source = this.master.keyspace();
		for (String key : source.live().keySet()) {
			target.putRaw(key, rebased(source.raw(key), source.now(), target.now()));
		}
		this.links.add(new Link(replica, this.offset));
	}

	/** Stops replicating to the replica; writes on their way to it are lost. */
	public void detach(SimRedis replica) {
		for (Iterator<Link> links = this.links.iterator(); links.hasNext();) {
			Link link = links.next();
			if (link.replica == replica) {
				link.attached = false;
				links.remove();
			}
		}
	}

	public List<SimRedis> replicas() {
		return this.links.stream().map((link) -> link.replica).toList();
	}

	void propagate(Set<String> keys) {
		if (keys.isEmpty() || this.links.isEmpty()) {
			return;
		}
		long written = ++this.offset;
		Keyspace source = this.master.keyspace();
		long now = source.now();
		Map<String, Entry> changes = new java.util.LinkedHashMap<>();
		for (String key : keys) {
			Entry entry = source.raw(key);
			changes.put(key, (entry != null) ? relative(entry.copy(), now) : null);
		}
		long simulationNow = this.timers.nanos();
		for (Link link : this.links) {
			long arrival = Math.max(link.lastArrival, simulationNow + this.lagNanos.getAsLong());
			link.lastArrival = arrival;
			if (link.line == null) {
				link.line = "replicate " + this.master + "->" + link.replica;
			}
			this.timers.schedule(arrival - simulationNow, link.line, () -> {
				if (link.attached) {
					apply(link.replica.keyspace(), changes);
					link.acknowledged = written;
					answerWaiters();
				}
			});
		}
	}

	private static void apply(Keyspace target, Map<String, Entry> changes) {
		long now = target.now();
		changes.forEach((key, entry) -> target.putRaw(key, (entry != null) ? absolute(entry.copy(), now) : null));
	}

	/**
	 * Answers when {@code count} replicas acknowledged every write so far, or after the
	 * timeout (0: none) with how many did.
	 */
	public void await(int count, long timeoutNanos, LongConsumer reply) {
		Waiter waiter = new Waiter(this.offset, count, reply);
		if (acknowledged(waiter.offset) >= count) {
			reply.accept(acknowledged(waiter.offset));
			return;
		}
		this.waiters.add(waiter);
		if (timeoutNanos > 0) {
			this.timers.schedule(timeoutNanos, "WAIT timeout on " + this.master, () -> {
				if (this.waiters.remove(waiter)) {
					reply.accept(acknowledged(waiter.offset));
				}
			});
		}
	}

	private long acknowledged(long offset) {
		return this.links.stream().filter((link) -> link.acknowledged >= offset).count();
	}

	private void answerWaiters() {
		for (Iterator<Waiter> waiting = this.waiters.iterator(); waiting.hasNext();) {
			Waiter waiter = waiting.next();
			long acknowledged = acknowledged(waiter.offset);
			if (acknowledged >= waiter.count) {
				waiting.remove();
				waiter.reply.accept(acknowledged);
			}
		}
	}

	private static Entry rebased(Entry entry, long from, long to) {
		return absolute(relative(entry.copy(), from), to);
	}

	/** The entry with its expiry as a time to live from {@code now}. */
	private static Entry relative(Entry entry, long now) {
		if (entry.expireAt != Entry.PERSISTENT) {
			entry.expireAt = Math.max(0, entry.expireAt - now);
		}
		return entry;
	}

	private static Entry absolute(Entry entry, long now) {
		if (entry.expireAt != Entry.PERSISTENT) {
			entry.expireAt += now;
		}
		return entry;
	}

	private static final class Link {

		final SimRedis replica;

		boolean attached = true;

		long acknowledged;

		long lastArrival;

		/** The trace's line of a write reaching the replica, made once. */
		String line;

		Link(SimRedis replica, long acknowledged) {
			this.replica = replica;
			this.acknowledged = acknowledged;
		}

	}

	private record Waiter(long offset, int count, LongConsumer reply) {

	}

}
