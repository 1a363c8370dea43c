// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.benchmarks;

import java.time.Duration;

import org.HdrHistogram.Histogram;

/**
 * Scenarios d and dx: hand-off latency from a release to the acquisition by a waiter in
 * the same JVM (d) or in the child JVM (dx). Both JVMs read the same monotonic clock,
 * which {@link #checkSharedClock()} verifies.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
final class HandoffScenarios {

	private final Bench bench;

	HandoffScenarios(Bench bench) {
		this.bench = bench;
	}

	/**
	 * Run scenario d or dx for every contender and repetition.
	 * @param acrossJvms whether the waiter is in the child JVM
	 */
	void run(boolean acrossJvms) throws Exception {
		String scenario = acrossJvms ? "dx" : "d";
		for (int rep = 0; rep < this.bench.settings.reps(); rep++) {
			for (String id : this.bench.settings.order(rep)) {
				try {
					Histogram samples = measure(id, scenario + ":" + rep, acrossJvms, this.bench.settings.handoffs(),
							this.bench.settings.handoffBound());
					this.bench.results.add(scenario, id, "p50", Stats.percentile(samples, 50));
					this.bench.results.add(scenario, id, "p99", Stats.percentile(samples, 99));
					this.bench.results.add(scenario, id, "count", samples.getTotalCount());
				}
				catch (Exception ex) {
					this.bench.results.note(scenario + ": " + id + " rep " + rep + " failed: " + ex);
				}
			}
		}
	}

	/**
	 * Measure hand-offs of one contender.
	 * @param id the contender id
	 * @param key the lock name
	 * @param acrossJvms whether the waiter is in the child JVM
	 * @param count the most hand-offs
	 * @param bound the longest time to spend
	 * @return the latencies in nanoseconds
	 */
	Histogram measure(String id, String key, boolean acrossJvms, int count, Duration bound) throws Exception {
		Contender contender = this.bench.contender(id);
		try (Handoff.Waiter waiter = acrossJvms ? new Handoff.ChildWaiter(this.bench.child, id)
				: new Handoff.ThreadWaiter(contender)) {
			return Handoff.measure(contender, waiter, key, count, bound, this.bench.settings.hold(),
					this.bench.settings.spinningHold());
		}
	}

	/**
	 * Check that the child's {@link System#nanoTime()} lies between two readings of ours,
	 * as it does when both read the machine's monotonic clock.
	 */
	void checkSharedClock() throws Exception {
		long before = System.nanoTime();
		long child = Long.parseLong(this.bench.child.request("nanos", Duration.ofSeconds(10)).split(" ")[1]);
		long after = System.nanoTime();
		if (child < before || child > after) {
			this.bench.results.note("The child JVM's nanoTime " + child + " is outside [" + before + ", " + after
					+ "]: cross-JVM hand-off latencies are not comparable");
		}
	}

}
