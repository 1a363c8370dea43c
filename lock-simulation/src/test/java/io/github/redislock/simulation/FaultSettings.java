// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.simulation;

/**
 * Which faults a run injects, and how often. Faults that keep within the lock's timing
 * assumptions (network delays, lost replies and publications, killed connections, a
 * server clock jumping back) must never let two holders overlap; the others (a server
 * clock jumping forward, a failover to a replica that lacks recent writes, a restart with
 * empty memory) may, and an overlap is then only accepted when such a fault happened
 * during the older hold.
 *
 * @param lateProbability share of messages delayed by up to 300 ms while faults are on
 * @param lostReplyProbability share of commands whose connection breaks before the reply
 * @param lostPublicationProbability share of pub/sub messages lost
 * @param connectionKills how many times a run kills a client's connections
 * @param clockJumpsBack how many times a server clock jumps back
 * @param unsafeFaults whether faults beyond the timing assumptions are injected
 * @author redis-lock contributors
 */
public record FaultSettings(double lateProbability, double lostReplyProbability, double lostPublicationProbability,
		int connectionKills, int clockJumpsBack, boolean unsafeFaults) {

	/** No fault at all. */
	public static final FaultSettings NONE = new FaultSettings(0, 0, 0, 0, 0, false);

	/** Every fault within the timing assumptions. */
	public static final FaultSettings SAFE = new FaultSettings(0.02, 0.01, 0.05, 6, 2, false);

	/** Every fault, also those beyond the timing assumptions. */
	public static final FaultSettings ALL = new FaultSettings(0.02, 0.01, 0.05, 6, 2, true);

}
