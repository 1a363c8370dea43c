// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.benchmarks;

import java.lang.management.ManagementFactory;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What every scenario shares: the server, the contenders of this JVM, the child JVM with
 * its own contenders, the counter, the settings and the measurements.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
final class Bench implements AutoCloseable {

	final BenchSettings settings;

	final BenchServer server;

	final ChildJvm child;

	final Counter counter;

	final Measurements results = new Measurements();

	private final Map<String, Contender> contenders = new LinkedHashMap<>();

	Bench(BenchSettings settings, BenchServer server, ChildJvm child) {
		this.settings = settings;
		this.server = server;
		this.child = child;
		this.counter = new Counter(server.port());
	}

	Contender contender(String id) {
		return this.contenders.computeIfAbsent(id, (key) -> Contenders.create(key, this.server.port()));
	}

	/**
	 * Return a start instant shortly ahead, so that all threads (and the child JVM) are
	 * ready when it comes.
	 * @param millis how far ahead
	 * @return the {@link System#nanoTime()} to start at
	 */
	static long startIn(long millis) {
		return System.nanoTime() + millis * 1_000_000L;
	}

	/**
	 * Return the CPU time this JVM has used, all threads together.
	 * @return the CPU time in nanoseconds
	 */
	static long processCpuNanos() {
		return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
			.getProcessCpuTime();
	}

	@Override
	public void close() throws Exception {
		for (Contender contender : this.contenders.values()) {
			try {
				contender.close();
			}
			catch (Exception ex) {
				System.err.println("Could not close " + contender.id() + ": " + ex);
			}
		}
		this.counter.close();
	}

}
