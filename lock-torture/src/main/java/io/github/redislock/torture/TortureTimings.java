// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.torture;

/**
 * The timings every worker and the supervisor share. The lease is short so that a run
 * sees many expiries; the command timeout is well under a third of it, so a renewal that
 * times out leaves time for two more.
 *
 * @author redis-lock contributors
 */
public final class TortureTimings {

	/** The lease of every lock, in milliseconds; renewed while held. */
	public static final long LEASE_MS = 3000;

	/** How long an acquisition waits for a busy lock, in milliseconds. */
	public static final long WAIT_MS = 2000;

	/** The Redis command timeout of every client, in milliseconds. */
	public static final long COMMAND_TIMEOUT_MS = 500;

	private TortureTimings() {
	}

}
