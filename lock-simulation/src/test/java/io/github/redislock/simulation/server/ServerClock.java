// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.simulation.server;

import java.util.function.LongSupplier;

/**
 * A server's wall clock, read from the simulation's time: offset from it, and able to
 * jump and to run fast or slow, as a real server's clock does under NTP corrections or a
 * virtual machine's pauses. Keys expire, {@code TIME} answers and fencing tokens start
 * from this clock.
 *
 * @author redis-lock contributors
 */
public final class ServerClock {

	/** Where every clock starts: a Unix time in 2027, so tokens look like real ones. */
	public static final long EPOCH_NANOS = 1_800_000_000_000_000_000L;

	private final LongSupplier simulationNanos;

	private long anchorSimulation;

	private long anchorServer;

	private double rate = 1.0;

	public ServerClock(LongSupplier simulationNanos, long offsetNanos) {
		this.simulationNanos = simulationNanos;
		this.anchorSimulation = simulationNanos.getAsLong();
		this.anchorServer = EPOCH_NANOS + this.anchorSimulation + offsetNanos;
	}

	public long nanos() {
		long elapsed = this.simulationNanos.getAsLong() - this.anchorSimulation;
		return this.anchorServer + ((this.rate == 1.0) ? elapsed : (long) (elapsed * this.rate));
	}

	public long millis() {
		return Math.floorDiv(nanos(), 1_000_000L);
	}

	public long micros() {
		return Math.floorDiv(nanos(), 1_000L);
	}

	/** Moves the clock forward (or back, if negative) at once. */
	public void jump(long nanos) {
		this.anchorServer += nanos;
	}

	/** From now on the clock runs at this rate of the simulation's time (1: exact). */
	public void rate(double rate) {
		long now = nanos();
		this.anchorSimulation = this.simulationNanos.getAsLong();
		this.anchorServer = now;
		this.rate = rate;
	}

	public double rate() {
		return this.rate;
	}

}
