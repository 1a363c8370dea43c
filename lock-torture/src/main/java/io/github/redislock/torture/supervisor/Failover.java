// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.torture.supervisor;

import java.time.Duration;
import java.util.List;

/**
 * A failover the Sentinels made, whether a fault asked for it or not, placed in the
 * oracle's sequence from the last moment the old master was seen unchallenged until the
 * Sentinels had settled and a lease had passed since the last switch. The promoted master
 * may lack what its replicas had not acknowledged (locks, and the last fencing tokens),
 * so what happens in the window is beyond the timing assumptions.
 *
 * @param from the master before the first switch
 * @param to the master once the Sentinels settled
 * @param masters every data node seen as master in the window, in the order seen
 * @param startSequence the oracle's sequence at the last look that found {@code from}
 * master and the Sentinels calm
 * @param switchSequence the oracle's sequence when the first switch was seen
 * @param endSequence the oracle's sequence when the window closed
 * @param leaseLengthening how much longer than its length a lease may last on the
 * promoted master, written as an absolute expiry by a master whose clock was ahead of its
 * @author redis-lock contributors
 */
public record Failover(String from, String to, List<String> masters, long startSequence, long switchSequence,
		long endSequence, Duration leaseLengthening) {

	/**
	 * Return whether an event at this sequence number happened in the failover's window.
	 * @param sequence the event's sequence number
	 * @return whether the failover may have caused it
	 */
	public boolean covers(long sequence) {
		return sequence >= this.startSequence && sequence <= this.endSequence;
	}

	/**
	 * Describe it for the summary.
	 * @return such as {@code failover from 127.0.0.1:1 to 127.0.0.1:2 (from 10)}
	 */
	public String describe() {
		return "failover from " + this.from + " to " + this.to + through() + " (from " + this.startSequence + ")";
	}

	/**
	 * Describe the masters seen between the first and the last.
	 * @return such as {@code " through 127.0.0.1:3"}, or empty
	 */
	String through() {
		List<String> between = this.masters.stream()
			.filter((master) -> !master.equals(this.from) && !master.equals(this.to))
			.toList();
		return between.isEmpty() ? "" : " through " + String.join(", ", between);
	}

}
