// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.simulation;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;

import io.github.redislock.core.LockLease;
import io.github.redislock.core.LockLostException;
import io.github.redislock.core.LockStoreException;
import io.github.redislock.engine.SimulatedClients;
import io.github.redislock.simulation.server.ServerClock;
import io.github.redislock.simulation.server.SimRedis;

/**
 * The lock's promises, checked as the run goes: at most one holder of a lock at a time by
 * the holders' own clocks, fencing tokens growing in the order the server granted the
 * leases, every key but the token counters with a TTL. Faults beyond the timing
 * assumptions excuse an overlap or a token out of order only if one happened since the
 * older of the two leases was asked for. A holder that still used its lease when another
 * was granted the lock (it held on past its lease, was paused, or a fault beyond the
 * assumptions struck) must be told when it next touches the lease; no lease is reported
 * lost while it lasts and the server still records it, unless its client gave it up (an
 * operator revoked it, or the client shut down), whose holder must then be told at once;
 * no release or renewal succeeds for a holder whose lock key was deleted under it
 * (evicted, or force-released by an operator); a crashed or closed client's queue places
 * and locks stop blocking others within their bounds.
 *
 * @author redis-lock contributors
 */
public final class Invariants {

	private static final int MAX_REPORTED = 20;

	/**
	 * How long a waiter's place lasts after its last attempt: its wait, at most the
	 * longest backoff (1 s), and a margin of 1 s; and rounding.
	 */
	static final long PLACE_BOUND_NANOS = 2_010_000_000L;

	/**
	 * The longest lease a lock handed to a waiter gets, as the documentation promises: 5
	 * s for a renewed lock, its full lease (under 1 s here) for a fixed one.
	 */
	static final long HAND_OFF_BOUND_MILLIS = 5_001;

	/** The longest lease any caller asks for. */
	static final long LONGEST_LEASE_NANOS = 10_000_000_000L;

	/** Replication lag to a promoted replica and rounding. */
	private static final long SLACK_NANOS = 100_000_000L;

	/**
	 * How soon the holder of a lease its client gave up must be told: its loss is told on
	 * the client's executor at once.
	 */
	private static final long TELL_BOUND_NANOS = 100_000_000L;

	private final Scheduler scheduler;

	private Deployment deployment;

	/** On one master (a Redlock hands no lock over): that no grant is left behind. */
	private UntakenGrants untakenGrants;

	/**
	 * The masters a lock lives on, and how many of them make a grant: the master of the
	 * moment, or a Redlock's masters and their majority.
	 */
	private Supplier<List<SimRedis>> masters;

	private int quorum = 1;

	/**
	 * How much later a command can reach a master than it was due, as a pause delays it.
	 */
	private long arrivalSlack;

	/** On a Redlock, per lock key, the owner a majority of the masters records. */
	private final Map<String, String> majorityOwners = new HashMap<>();

	/**
	 * On a Redlock, owners handed to a caller, whose grant is the majority it was handed
	 * by: a late acquisition of its own may make a majority again after its release.
	 */
	private final Set<String> handedToCallers = new HashSet<>();

	/** Per crashed client, when its last command reached the server. */
	private final Map<String, Crash> crashes = new HashMap<>();

	/**
	 * Overlapping holds, older first, whose older holder's release succeeded, and whose
	 * newer holder has not been told yet.
	 */
	private final List<Hold[]> untold = new ArrayList<>();

	/** When a master's clock jumped, and by how much. */
	private final List<long[]> clockJumps = new ArrayList<>();

	private final List<String> violations = new ArrayList<>();

	private final List<Long> unsafeFaults = new ArrayList<>();

	private final Map<String, String> ownerOnServer = new HashMap<>();

	/** The order in which the server last recorded each owner token as a holder. */
	private final Map<String, Long> grantOrder = new HashMap<>();

	private final Map<Long, Long> grantTimes = new HashMap<>();

	private final Map<String, List<Hold>> holds = new HashMap<>();

	private final Map<String, TreeMap<Long, Long>> tokens = new HashMap<>();

	/** Owner tokens whose lock key was deleted under them, until granted again. */
	private final Map<String, Deletion> deletions = new HashMap<>();

	private long tokensExcused;

	/** The most a replica fell behind, beyond the usual lag. */
	private long replicaBehindNanos;

	private long grants;

	private long overlapsExcused;

	private long overlapsReported;

	private long grantsRunOut;

	Invariants(Scheduler scheduler) {
		this.scheduler = scheduler;
	}

	/** The deployment whose master is asked what it records. */
	void watch(Deployment deployment) {
		this.deployment = deployment;
		this.masters = () -> List.of(deployment.master());
		this.untakenGrants = new UntakenGrants(this.scheduler, this, deployment);
	}

	UntakenGrants untakenGrants() {
		return this.untakenGrants;
	}

	/** A thread of the client took the lock. */
	void threadGranted(String client, String name) {
		if (this.untakenGrants != null) {
			this.untakenGrants.takenUp(client, name);
		}
	}

	/**
	 * A Redlock's masters: a lease is granted when a majority of them record its holder,
	 * a deletion on one of them does not end it, and no master hands a lock over.
	 */
	void watch(RedlockDeployment redlock) {
		this.deployment = redlock.masters().get(0);
		List<SimRedis> servers = redlock.servers();
		this.masters = () -> servers;
		this.quorum = redlock.quorum();
		this.arrivalSlack = RedlockDeployment.LONGEST_PAUSE_NANOS;
	}

	/** How many of the masters record the owner in the key now. */
	private int recording(String key, String owner) {
		int count = 0;
		for (SimRedis master : this.masters.get()) {
			if (owner.equals(owner(master.peek(key)))) {
				count++;
			}
		}
		return count;
	}

	/** A fault beyond the timing assumptions happened now. */
	void unsafeFault() {
		this.unsafeFaults.add(this.scheduler.nanos());
	}

	boolean faultSince(long since) {
		return !this.unsafeFaults.isEmpty() && this.unsafeFaults.get(this.unsafeFaults.size() - 1) >= since;
	}

	/**
	 * A replica falls behind by up to {@code nanos} now: promoted, it keeps each key that
	 * long past its master's expiry, since Redis 6.2 sends a replica a time to live.
	 */
	void replicaBehind(long nanos) {
		this.replicaBehindNanos = Math.max(this.replicaBehindNanos, nanos);
	}

	/** The master's clock jumped now (back if negative). */
	void clockJumped(long nanos) {
		this.clockJumps.add(new long[] { this.scheduler.nanos(), nanos });
	}

	/** How much longer than by the simulation's time keys can have lasted since then. */
	private long clocksJumpedBackSince(long since) {
		long total = 0;
		for (long[] jump : this.clockJumps) {
			if (jump[0] >= since && jump[1] < 0) {
				total -= jump[1];
			}
		}
		return total;
	}

	/**
	 * The client crashed; its last command reached the server at {@code lastArrival}. No
	 * place of its may be handed the lock once its places ran out, and none of its locks
	 * may outlast the longest lease after that.
	 */
	void crashed(String client, long lastArrival) {
		long offset = (this.quorum > 1) ? this.masters.get().stream().mapToLong(this::offset).max().orElse(0)
				: this.deployment.servers().stream().mapToLong(this::offset).max().orElse(0);
		this.crashes.put(client, new Crash(lastArrival, offset));
		this.scheduler.at(lastArrival + LONGEST_LEASE_NANOS, null, () -> checkFreed(client, lastArrival));
	}

	/** How far the server's clock is ahead of the simulation's time. */
	private long offset(SimRedis server) {
		return server.clock().nanos() - ServerClock.EPOCH_NANOS - this.scheduler.nanos();
	}

	private void checkFreed(String client, long lastArrival) {
		long deadline = lastArrival + LONGEST_LEASE_NANOS + SLACK_NANOS + this.arrivalSlack
				+ clocksJumpedBackSince(lastArrival - LONGEST_LEASE_NANOS) + this.replicaBehindNanos;
		if (this.scheduler.nanos() < deadline) {
			this.scheduler.at(deadline, null, () -> checkFreed(client, lastArrival));
			return;
		}
		for (SimRedis master : this.masters.get()) {
			for (String key : master.liveKeys()) {
				String owner = key.endsWith("}") ? owner(master.peek(key)) : null;
				if (owner != null && client.equals(clientOf(owner))) {
					violation("lock key " + key + " still held by " + owner + " of crashed client " + client + ", "
							+ (this.scheduler.nanos() - lastArrival) / 1_000_000
							+ " ms after its last command reached the server: " + master.dump().get(key));
				}
			}
		}
	}

	private static String owner(String value) {
		return (value != null) ? value.split(" ", 2)[0] : null;
	}

	private static String clientOf(String owner) {
		int colon = owner.lastIndexOf(':');
		return (colon > 0) ? owner.substring(0, colon) : owner;
	}

	/**
	 * A lock key written for an owner of a crashed client after its last command: a
	 * release handed it the lock. Its place must have been live, and the lease bounded.
	 */
	private void handedToCrashed(SimRedis server, String key, String owner) {
		Crash crash = this.crashes.get(clientOf(owner));
		long now = this.scheduler.nanos();
		if (crash == null || now <= crash.lastArrival) {
			return;
		}
		long lastArrival = crash.lastArrival;
		// A place is valid until a time of the clock that queued it: later if that clock
		// jumped back since, or if a replica whose clock is behind it took over.
		long placesRanOut = lastArrival + PLACE_BOUND_NANOS + SLACK_NANOS
				+ clocksJumpedBackSince(lastArrival - PLACE_BOUND_NANOS) + Math.max(0, crash.offset - offset(server));
		if (now > placesRanOut) {
			violation("lock key " + key + " handed to " + owner + " of a crashed client "
					+ (now - lastArrival) / 1_000_000 + " ms after its last command reached the server,"
					+ " when its place must have run out: " + server.dump().get(key));
		}
		long ttl = server.expireAt(key) - server.clock().millis();
		if (ttl > HAND_OFF_BOUND_MILLIS) {
			violation("lock key " + key + " handed to " + owner + " of a crashed client for " + ttl
					+ " ms, longer than a hand-off's lease: " + server.dump().get(key));
		}
	}

	void violation(String text) {
		this.scheduler.note("VIOLATION " + text);
		this.scheduler.violated();
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

	/** Holders told that another holder was granted the lock while they still used it. */
	long overlapsReported() {
		return this.overlapsReported;
	}

	/** Leases granted to a caller only after they had run out by its own clock. */
	long grantsRunOut() {
		return this.grantsRunOut;
	}

	/**
	 * Fencing tokens out of grant order accepted because a fault beyond the timing
	 * assumptions happened since the earlier grant.
	 */
	long tokensExcused() {
		return this.tokensExcused;
	}

	/**
	 * Keys a command wrote on the master: TTLs, and holders as the server records them.
	 */
	void written(SimRedis server, Set<String> keys) {
		for (String key : keys) {
			if (server.expireAt(key) == -1 && !key.endsWith(":fence-counter")) {
				violation("key " + key + " has no TTL on " + server + ": " + server.dump().get(key));
			}
			if (key.endsWith("}") && this.quorum > 1) {
				grantedOnMajority(server, key);
			}
			else if (key.endsWith("}")) {
				String owner = owner(server.peek(key));
				if (owner != null && !owner.equals(this.ownerOnServer.get(key))) {
					// The latest grant counts: a waiter may be handed the lock, let it
					// run out untaken, and be handed it again under the same owner token.
					long order = ++this.grants;
					this.grantOrder.put(owner, order);
					if (!this.deletions.isEmpty()) {
						this.deletions.remove(owner);
					}
					this.grantTimes.put(order, this.scheduler.nanos());
					if (!this.crashes.isEmpty()) {
						handedToCrashed(server, key, owner);
					}
					this.untakenGrants.granted(key, owner);
				}
				this.ownerOnServer.put(key, owner);
			}
		}
	}

	/**
	 * On a Redlock, an owner is granted the lock when the write makes a majority of the
	 * masters record it; a later majority under the same owner token is a later grant.
	 */
	private void grantedOnMajority(SimRedis server, String key) {
		String owner = owner(server.peek(key));
		String counted = this.majorityOwners.get(key);
		if (counted != null && recording(key, counted) < this.quorum) {
			this.majorityOwners.remove(key);
			counted = null;
		}
		if (owner != null && !owner.equals(counted) && recording(key, owner) >= this.quorum) {
			this.majorityOwners.put(key, owner);
			if (this.handedToCallers.contains(owner)) {
				return;
			}
			long order = ++this.grants;
			this.grantOrder.put(owner, order);
			this.grantTimes.put(order, this.scheduler.nanos());
		}
	}

	/**
	 * A caller was granted a lease; no other lease of the lock may still be held, and a
	 * caller still using one that ran out must be told when it next touches it.
	 */
	Hold granted(String caller, ClientProcess process, String name, String key, LockLease lease, String owner,
			long askedAt) {
		Hold hold = new Hold(caller, process, name, key, lease, owner, askedAt);
		if (this.untakenGrants != null) {
			this.untakenGrants.takenUp(clientOf(owner), name);
		}
		if (this.quorum > 1) {
			if (!owner.equals(this.majorityOwners.get(key)) || !this.grantOrder.containsKey(owner)) {
				// No majority records it now: a master that took it restarted, and stays
				// down past the lease, so the grant is the caller's.
				long order = ++this.grants;
				this.grantOrder.put(owner, order);
				this.grantTimes.put(order, this.scheduler.nanos());
			}
			this.handedToCallers.add(owner);
		}
		List<Hold> current = this.holds.computeIfAbsent(name, (ignored) -> new ArrayList<>());
		current.removeIf((other) -> other.process.isCrashed() && !other.lease.isHeld());
		boolean held = lease.isHeld();
		if (!held) {
			// Its reply came after its lease ran out: granted, but not held.
			this.grantsRunOut++;
			this.scheduler.note(hold + " was granted a lease that had already run out");
		}
		for (Hold other : current) {
			if (held && other.lease.isHeld()) {
				if (faultSince(Math.min(other.askedAt, hold.askedAt))) {
					this.overlapsExcused++;
					this.scheduler.note("overlap excused by a fault: " + other + " and " + hold);
				}
				else {
					violation("two holders of lock '" + name + "': " + other + " and " + hold);
				}
			}
			if (other.inUse()) {
				// Whichever the server granted first is the older holder, which must be
				// told: a grant whose reply came late may be the older of the two.
				if (grantedBefore(other, hold)) {
					other.overlapped(hold);
				}
				else {
					hold.overlapped(other);
				}
			}
		}
		current.add(hold);
		return hold;
	}

	private boolean grantedBefore(Hold first, Hold second) {
		Long firstOrder = this.grantOrder.get(first.owner);
		Long secondOrder = this.grantOrder.get(second.owner);
		return firstOrder == null || secondOrder == null || firstOrder < secondOrder;
	}

	/** The caller stops using the lease and releases it. */
	void releasing(Hold hold) {
		hold.releasing = true;
		hold.releasingAt = this.scheduler.nanos();
		hold.heldAtRelease = hold.lease.isHeld();
	}

	/**
	 * The release answered: with {@link LockLostException} if another holder was granted
	 * the lock while this one used it, unless the holder was told already; or, if its
	 * lease still lasted by its clock, with {@link LockStoreException} when the store
	 * could not be asked. A release that succeeds although another was granted the lock
	 * meanwhile is right only if a failover took the master back to before that grant:
	 * the other holder, whose grant is lost, must be told instead.
	 */
	void released(Hold hold, Throwable failure) {
		ended(hold);
		boolean owed = hold.overlappedBy != null && !hold.told;
		Throwable cause = unwrap(failure);
		if (cause instanceof LockLostException) {
			if (owed) {
				this.overlapsReported++;
			}
			told(hold);
		}
		else if (cause == null) {
			succeededAfterDeletion(hold, "release", hold.releasingAt);
			hold.releasedUntold = true;
			if (owed) {
				olderNotTold(hold);
			}
			this.untold.removeIf((pair) -> {
				if (pair[1] == hold) {
					neitherTold(pair[0], hold);
					return true;
				}
				return false;
			});
		}
		else {
			if (owed && !(cause instanceof LockStoreException && hold.heldAtRelease)) {
				violation(hold + " was not told that " + hold.overlappedBy
						+ " was granted the lock while it still used it: its release answered " + cause);
			}
			this.untold.removeIf((pair) -> pair[1] == hold);
		}
	}

	/** The older of two overlapping holders released its lease as if nothing happened. */
	private void olderNotTold(Hold older) {
		Hold newer = older.overlappedBy;
		if (newer.told) {
			this.overlapsReported++;
		}
		else if (newer.releasedUntold) {
			neitherTold(older, newer);
		}
		else {
			this.untold.add(new Hold[] { older, newer });
		}
	}

	private void neitherTold(Hold older, Hold newer) {
		if (this.quorum > 1 && faultSince(Math.min(older.askedAt, newer.askedAt))) {
			// A Redlock cannot tell two majorities apart once a master forgot a lease
			// (restarted at once, evicted or force-released it): both releases find one.
			this.scheduler.note("neither told, excused by a fault: " + older + " and " + newer);
			return;
		}
		violation(older + " and " + newer + " held the lock at once, and neither was told: both releases answered"
				+ " released");
	}

	/** The holder was told its lease was lost, and with it of any overlap it was owed. */
	private void told(Hold hold) {
		hold.told = true;
		this.untold.removeIf((pair) -> {
			if (pair[1] == hold) {
				this.overlapsReported++;
				return true;
			}
			return false;
		});
	}

	/**
	 * The lease was reported lost: it ran out by its holder's clock, or the server no
	 * longer records its holder. Whatever the faults: an answer that said so came from
	 * the current master, as a failover breaks the connections and loses the answers on
	 * their way, and a holder once gone from a lock key never comes back to it.
	 */
	void lost(Hold hold) {
		if (hold.overlappedBy != null && !hold.told && !hold.releasing) {
			this.overlapsReported++;
		}
		told(hold);
		long now = this.scheduler.nanos();
		if (SimulatedClients.ranOut(hold.lease, now) || SimulatedClients.givenUp(hold.lease)) {
			return;
		}
		if (this.quorum > 1) {
			// Some master answered that it no longer records the holder, or too few
			// renewed for a majority: never while every master records it.
			if (recording(hold.key, hold.owner) == this.masters.get().size()) {
				violation(hold + " was reported lost while its lease lasted and every master still recorded it");
			}
			return;
		}
		SimRedis master = this.deployment.master();
		if (hold.owner.equals(owner(master.peek(hold.key)))) {
			violation(hold + " was reported lost while its lease lasted and " + master + " still recorded it: "
					+ master.dump().get(hold.key));
		}
	}

	private static Throwable unwrap(Throwable failure) {
		Throwable cause = failure;
		while (cause instanceof CompletionException && cause.getCause() != null) {
			cause = cause.getCause();
		}
		return cause;
	}

	/**
	 * The caller walked away from the lease, or released it: it never touches it again.
	 */
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
			else {
				this.tokensExcused++;
				this.scheduler.note("token out of order excused by a fault: " + token + " of " + hold);
			}
		}
		issued.put(order, token);
	}

	/**
	 * The caller renewed its lease itself, asking at {@code askedAt}: it must not succeed
	 * once the key was deleted.
	 */
	void renewed(Hold hold, Throwable failure, long askedAt) {
		if (failure == null) {
			succeededAfterDeletion(hold, "renewal", askedAt);
		}
	}

	/**
	 * A release or renewal sent at {@code sentAt} answered success: wrong if the holder's
	 * lock key was deleted under it before, unless a failover or restart since may have
	 * brought the key back.
	 */
	private void succeededAfterDeletion(Hold hold, String what, long sentAt) {
		Deletion deletion = this.deletions.isEmpty() ? null : this.deletions.get(hold.owner);
		// A failover within the timing assumptions (under replica acknowledgement) may
		// bring the key back too: the deletion is not awaited.
		if (deletion != null && deletion.at < sentAt && this.unsafeFaults.size() <= deletion.unsafeFaults
				&& this.deployment.failovers() == deletion.failovers) {
			violation(hold + "'s " + what + " succeeded, but its lock key was " + deletion.how + " at "
					+ deletion.at / 1_000_000 + " ms and never granted to it again");
		}
	}

	/**
	 * The lock key is about to be deleted under its holder, by eviction or an operator's
	 * force release.
	 */
	void deleting(SimRedis server, String key, String how) {
		if (this.quorum > 1) {
			// A Redlock lease outlives a deletion on one master.
			return;
		}
		String owner = key.endsWith("}") ? owner(server.peek(key)) : null;
		if (owner != null) {
			this.deletions.put(owner,
					new Deletion(how, this.scheduler.nanos(), this.unsafeFaults.size(), this.deployment.failovers()));
		}
	}

	/**
	 * An operator revoked the lock in the client: the holder whose lease the client gave
	 * up must be told at once.
	 */
	void revoked(ClientProcess process, String name) {
		List<Hold> current = this.holds.get(name);
		if (current != null) {
			current.stream()
				.filter((hold) -> hold.process == process && SimulatedClients.givenUp(hold.lease))
				.forEach((hold) -> expectTold(hold, "revoked"));
		}
	}

	/**
	 * The client shut down: the holders whose leases it gave up must be told at once, and
	 * none of its locks may outlast the longest lease after its last command before.
	 */
	void closed(String client, ClientProcess process, long lastArrival) {
		for (List<Hold> current : this.holds.values()) {
			current.stream()
				.filter((hold) -> hold.process == process && SimulatedClients.givenUp(hold.lease))
				.forEach((hold) -> expectTold(hold, "its client shut down"));
		}
		this.scheduler.at(lastArrival + LONGEST_LEASE_NANOS, null, () -> checkFreed(client, lastArrival));
	}

	private void expectTold(Hold hold, String why) {
		long paused = hold.process.pausedNanos();
		this.scheduler.schedule(TELL_BOUND_NANOS, null, () -> checkTold(hold, paused, why));
	}

	/** Later by as long as the holder's process was paused meanwhile. */
	private void checkTold(Hold hold, long pausedBefore, String why) {
		if (hold.told || hold.process.isCrashed()) {
			return;
		}
		long pausedSince = hold.process.pausedNanos() - pausedBefore;
		if (pausedSince > 0) {
			this.scheduler.schedule(pausedSince, null, () -> checkTold(hold, pausedBefore + pausedSince, why));
			return;
		}
		violation(hold + " was given up (" + why + ") and not told within " + TELL_BOUND_NANOS / 1_000_000 + " ms");
	}

	int activeHolds() {
		return this.holds.values().stream().mapToInt(List::size).sum();
	}

	/**
	 * A crashed client: when its last command reached the server, and how far the clock
	 * furthest ahead (which may have queued its places) was ahead then.
	 */
	private record Crash(long lastArrival, long offset) {

	}

	/**
	 * A lock key deleted under its holder: how, when, and how many faults beyond the
	 * timing assumptions had happened by then.
	 */
	private record Deletion(String how, long at, int unsafeFaults, int failovers) {

	}

	/** One lease a caller holds, and when it asked for it. */
	static final class Hold {

		final String caller;

		final ClientProcess process;

		final String name;

		final String key;

		final LockLease lease;

		final String owner;

		final long askedAt;

		/** The caller called its release, and no longer uses it. */
		boolean releasing;

		/** When the caller released it. */
		long releasingAt;

		/** Whether the lease still lasted by its holder's clock when released. */
		boolean heldAtRelease;

		/** The caller was told the lease was lost. */
		boolean told;

		/** Its release succeeded. */
		boolean releasedUntold;

		/**
		 * The first other hold the server granted after this one while this one's caller
		 * used it, if any.
		 */
		Hold overlappedBy;

		Hold(String caller, ClientProcess process, String name, String key, LockLease lease, String owner,
				long askedAt) {
			this.caller = caller;
			this.process = process;
			this.name = name;
			this.key = key;
			this.lease = lease;
			this.owner = owner;
			this.askedAt = askedAt;
		}

		/** Its caller uses it: not told it was lost, not releasing it, and alive. */
		boolean inUse() {
			return !this.releasing && !this.told && !this.process.isCrashed();
		}

		/** Another holder was granted the lock while this one's caller used it. */
		void overlapped(Hold other) {
			if (this.overlappedBy == null) {
				this.overlappedBy = other;
			}
		}

		@Override
		public String toString() {
			return this.caller + " as " + this.owner + " (asked at " + this.askedAt / 1_000_000 + " ms)";
		}

	}

}
