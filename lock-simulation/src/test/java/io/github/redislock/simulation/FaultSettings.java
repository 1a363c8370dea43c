// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.simulation;

/**
 * Which faults a run injects, and how often. Faults that keep within the lock's timing
 * assumptions (network delays, lost replies and publications, killed connections, a
 * server clock jumping back, a client process crashing, an operator revoking a lock in
 * its client, a client shutting down) must never let two holders overlap; the others (a
 * server clock jumping forward, a failover to a replica that lacks recent writes, a
 * restart with empty memory, a lock key evicted under a memory limit or force-released by
 * an operator) may, and an overlap is then only accepted when such a fault happened
 * during the older hold. A client paused longer than its lease is beyond the assumptions
 * too, but never makes two leases valid at once by their holders' clocks: what it may
 * overlap with must be reported to it.
 *
 * @param lateProbability share of messages delayed by up to 300 ms while faults are on
 * @param lostReplyProbability share of commands whose connection breaks before the reply
 * @param lostPublicationProbability share of pub/sub messages lost
 * @param connectionKills how many times a run kills a client's connections
 * @param clockJumpsBack how many times a server clock jumps back
 * @param clientCrashes how many times a run kills a client's process, which a new one
 * replaces a while later
 * @param clientPauses how many times a run pauses a client's process, for up to 3 s
 * @param revokes how many times an operator revokes a lock in a client, as the Actuator
 * endpoint does
 * @param clientShutdowns how many times a client shuts down, which a new one replaces a
 * while later
 * @param interrupts how many times a thread of a client's blocking API is interrupted,
 * one waiting for a lock if any is
 * @param unsafeFaults whether faults beyond the timing assumptions are injected
 * @author redis-lock contributors
 */
public record FaultSettings(double lateProbability, double lostReplyProbability, double lostPublicationProbability,
		int connectionKills, int clockJumpsBack, int clientCrashes, int clientPauses, int revokes, int clientShutdowns,
		int interrupts, boolean unsafeFaults) {

	/** No fault at all. */
	public static final FaultSettings NONE = new FaultSettings(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, false);

	/**
	 * Every fault within the timing assumptions, and client pauses, which cannot make two
	 * leases valid at once.
	 */
	public static final FaultSettings SAFE = new FaultSettings(0.02, 0.01, 0.05, 6, 2, 2, 3, 3, 1, 4, false);

	/** Every fault, also those beyond the timing assumptions. */
	public static final FaultSettings ALL = new FaultSettings(0.02, 0.01, 0.05, 6, 2, 2, 3, 3, 1, 4, true);

}
