// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.simulation;

import java.util.SplittableRandom;

/**
 * How the simulated network treats each message: a delay drawn for it, and while faults
 * are on, now and then a much longer one, a reply lost after its command ran, or a
 * pub/sub message lost. Every draw comes from the scheduler's seeded generator, also for
 * the kinds of faults a {@link Reduction} leaves out.
 *
 * @author redis-lock contributors
 */
public final class Network {

	/** How long a client waits for a reply, as the Redis client's command timeout. */
	public static final long COMMAND_TIMEOUT_NANOS = 500_000_000L;

	/**
	 * How much later than its wait an acquisition may be answered: three command
	 * timeouts, and a fourth under replica acknowledgement, where an attempt that took
	 * the lock also waits for the replicas and, when they fall short, gives the lock
	 * back, each bounded by the command timeout, besides sending the script again after a
	 * {@code NOSCRIPT}.
	 */
	static long answerSlackNanos(boolean acknowledgedWrites) {
		return (acknowledgedWrites ? 4 : 3) * COMMAND_TIMEOUT_NANOS + 200_000_000L;
	}

	private final SplittableRandom random;

	private final FaultSettings faults;

	private final Reduction reduction;

	private boolean faulty;

	Network(SplittableRandom random, FaultSettings faults, Reduction reduction) {
		this.random = random;
		this.faults = faults;
		this.reduction = reduction;
	}

	/** Turns the network's faults on or off (healed). */
	void faulty(boolean faulty) {
		this.faulty = faulty;
	}

	boolean isFaulty() {
		return this.faulty;
	}

	/**
	 * One way, for a command or a reply: 20 µs to 1 ms, sometimes up to 300 ms when
	 * faulty.
	 */
	long delay() {
		long delay = 20_000 + this.random.nextLong(980_000);
		if (this.faulty && this.random.nextDouble() < this.faults.lateProbability()) {
			long late = this.random.nextLong(300_000_000L);
			if (!this.reduction.removes(Reduction.NetworkFault.LATE_MESSAGES)) {
				delay += late;
			}
		}
		return delay;
	}

	/** Whether the connection breaks after this command ran, before its reply is sent. */
	boolean loseReply() {
		return this.faulty && this.random.nextDouble() < this.faults.lostReplyProbability()
				&& !this.reduction.removes(Reduction.NetworkFault.LOST_REPLIES);
	}

	/** Whether this pub/sub message never reaches its subscriber. */
	boolean losePublication() {
		return this.faulty && this.random.nextDouble() < this.faults.lostPublicationProbability()
				&& !this.reduction.removes(Reduction.NetworkFault.LOST_PUBLICATIONS);
	}

	/** How long a client takes to notice a connection that broke silently. */
	long detection() {
		return this.random.nextLong(2 * COMMAND_TIMEOUT_NANOS);
	}

	/** How long a client takes to connect again. */
	long reconnection() {
		return 1_000_000L + this.random.nextLong(50_000_000L);
	}

}
