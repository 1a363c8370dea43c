// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.torture.supervisor;

/**
 * The faults a run injects, each while locks are in use. Those beyond the timing
 * assumptions (a pause longer than a third of the lease, or Redis losing its data) may
 * let two holders overlap; the others must not.
 *
 * @author redis-lock contributors
 */
public enum FaultKind {

	/** A holder's JVM is killed with SIGKILL while it holds a lock. */
	HOLDER_KILLED("holder JVM killed", false),

	/** A holder's JVM is paused with SIGSTOP for twice the lease. */
	HOLDER_PAUSED("holder paused 2x lease", true),

	/** The lock Redis is killed and restarted empty, without persistence. */
	REDIS_RESTARTED_EMPTY("Redis killed, restarted empty", true),

	/** The lock Redis is paused for a quarter of the lease. */
	REDIS_PAUSED_SHORT("Redis paused < lease/3", false),

	/** The lock Redis is paused for the lease and one second more. */
	REDIS_PAUSED_LONG("Redis paused > lease", true),

	/** Every command connection of the clients is killed with CLIENT KILL. */
	COMMAND_CONNECTIONS_KILLED("CLIENT KILL commands", false),

	/** Every pub/sub connection of the clients is killed with CLIENT KILL. */
	PUBSUB_CONNECTIONS_KILLED("CLIENT KILL pub/sub", false),

	/** The reply to an acquisition is lost after Redis ran it. */
	ACQUIRE_REPLY_LOST("acquire reply lost", false),

	/** The reply to a release is lost after Redis ran it. */
	RELEASE_REPLY_LOST("release reply lost", false),

	/** The reply to a renewal is lost after Redis ran it. */
	RENEWAL_REPLY_LOST("renewal reply lost", false),

	/** The reply to a lock command is delayed past the command timeout. */
	REPLY_DELAYED("reply delayed > timeout", false),

	/** The thread holding a lock is interrupted. */
	HOLDER_INTERRUPTED("holder interrupted", false),

	/** The JVM of the waiter first in a lock's queue is killed. */
	WAITER_KILLED_FIRST_IN_QUEUE("first waiter's JVM killed", false),

	/**
	 * Sentinel fails over to a replica whose wall clock is 30 s behind: leases replicated
	 * as absolute expiry times last longer there, by as much as the old master's clock
	 * was ahead of it (a lease whose release the failover lost holds its lock that much
	 * longer, so recovery is held to the lease, a second and that difference, as after
	 * any failover), and the promoted master issues fencing tokens from a clock that
	 * stepped back. Within the clock assumptions for mutual exclusion; the failover
	 * itself counts as beyond them, as every failover does.
	 */
	FAILOVER_TO_REPLICA_BEHIND("failover, replica 30 s behind", false),

	/**
	 * Sentinel fails over to a replica whose wall clock is 30 s ahead: Redis 7 replicates
	 * lease expiry as absolute times ({@code PXAT}), so the promoted master ends every
	 * lease taken before the failover at once, 30 s early. Beyond the timing assumptions:
	 * holders' leases end without anything they could notice.
	 */
	FAILOVER_TO_REPLICA_AHEAD("failover, replica 30 s ahead", true);

	/**
	 * How far the clock of a replica that a clock-skew failover promotes is from the
	 * machine's: well past the lease, so that a replica ahead ends every lease, and short
	 * enough that a lease a failover to a replica behind keeps past its release does not
	 * stall a run.
	 */
	static final java.time.Duration FAILOVER_SKEW = java.time.Duration.ofSeconds(30);

	/**
	 * How far the clocks of two of the masters of a {@code redlock-skew} run are from the
	 * machine's, one ahead and one behind.
	 */
	static final java.time.Duration REDLOCK_SKEW = java.time.Duration.ofMinutes(2);

	private final String description;

	private final boolean beyondAssumptions;

	FaultKind(String description, boolean beyondAssumptions) {
		this.description = description;
		this.beyondAssumptions = beyondAssumptions;
	}

	/**
	 * Return a short description for the summary.
	 * @return the description
	 */
	public String description() {
		return this.description;
	}

	/**
	 * Return whether the fault stops, pauses or restarts the lock Redis.
	 * @return whether it hits Redis itself
	 */
	public boolean hitsRedis() {
		return this == REDIS_RESTARTED_EMPTY || this == REDIS_PAUSED_SHORT || this == REDIS_PAUSED_LONG
				|| isClockSkewFailover();
	}

	/**
	 * Return whether the fault fails a Sentinel group over to a replica whose clock is
	 * offset, which only the {@code -skew} Sentinel topologies inject.
	 * @return whether it is a clock-skew failover
	 */
	public boolean isClockSkewFailover() {
		return this == FAILOVER_TO_REPLICA_BEHIND || this == FAILOVER_TO_REPLICA_AHEAD;
	}

	/**
	 * Return whether the fault is injected by the proxy in front of Redis, which only a
	 * standalone Redis has.
	 * @return whether it needs the proxy
	 */
	public boolean needsProxy() {
		return this == ACQUIRE_REPLY_LOST || this == RELEASE_REPLY_LOST || this == RENEWAL_REPLY_LOST
				|| this == REPLY_DELAYED;
	}

	/**
	 * Return whether the fault breaks the timing assumptions under which a Redis lock
	 * promises mutual exclusion.
	 * @return whether overlaps are allowed, if reported
	 */
	public boolean beyondAssumptions() {
		return this.beyondAssumptions;
	}

}
