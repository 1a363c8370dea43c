// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.torture.supervisor;

/**
 * A fault as injected: its place in the oracle's sequence, and how long the locks took to
 * be acquirable again once it healed.
 *
 * @param kind what was injected
 * @param target the worker or lock it hit
 * @param locksInUse how many holders were inside a critical section when it started
 * @param startSequence the oracle's sequence when it started
 * @param endSequence the oracle's sequence once it healed and every holder inside at its
 * start had left
 * @param recoveryMillis how long after it healed the slowest lock was acquired again, or
 * {@code -1} if one was not within a lease and one second
 * @param beyondAssumptions whether it broke the timing assumptions: by its kind, or
 * because it made Sentinel fail over, which loses what the replica had not received
 * @author redis-lock contributors
 */
public record InjectedFault(FaultKind kind, String target, int locksInUse, long startSequence, long endSequence,
		long recoveryMillis, boolean beyondAssumptions) {

	/**
	 * Return whether an event at this sequence number happened while the fault, or
	 * holders it caught, were still at work.
	 * @param sequence the event's sequence number
	 * @return whether the event falls in the fault's window
	 */
	public boolean covers(long sequence) {
		return sequence >= this.startSequence && sequence <= this.endSequence;
	}

}
