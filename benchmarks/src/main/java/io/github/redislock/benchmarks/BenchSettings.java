// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.benchmarks;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * What to run and for how long, read from {@code -Dbench.*} system properties. The
 * defaults fit all scenarios in a few minutes on a 2-core machine.
 *
 * @param reps repetitions of each scenario, interleaved across contenders
 * @param contenders the contender ids to run, raw first
 * @param scenarios the scenarios to run
 * @param warmup the length of each warm-up loop
 * @param uncontended the length of each loop of scenarios a and b
 * @param hotKey the length of each loop of scenarios c and cx
 * @param handoffs the most hand-offs per repetition of d and dx
 * @param handoffBound the longest a repetition of d or dx may take
 * @param hold how long a holder keeps the lock once the waiter is waiting
 * @param spinningHold whether the holder spins through the hold instead of parking
 * @param renewalLease the lease of scenario e, renewed every third of it
 * @param renewalWindow how long scenario e counts renewals
 * @param renewalSizes how many locks scenario e holds at once
 * @param redisServer the {@code redis-server} executable, or empty for the one the test
 * fixture picks: {@code -Dredis.server.binary}, else {@code redis-server} on the PATH,
 * else the Redis 6.2 binary of embedded-redis
 * @param redisBenchmark the {@code redis-benchmark} executable
 * @author redis-lock contributors
 * @since 0.1.0
 */
record BenchSettings(int reps, List<String> contenders, Set<String> scenarios, Duration warmup, Duration uncontended,
		Duration hotKey, int handoffs, Duration handoffBound, Duration hold, boolean spinningHold,
		Duration renewalLease, Duration renewalWindow, List<Integer> renewalSizes, String redisServer,
		String redisBenchmark) {

	static final List<String> ALL_SCENARIOS = List.of("a", "b", "c", "cx", "d", "dx", "e", "f", "v", "rb");

	static BenchSettings fromSystemProperties() {
		List<String> contenders = list("bench.contenders", String.join(",", Contenders.ids()));
		if (!contenders.contains(RawContender.ID)) {
			contenders = new ArrayList<>(contenders);
			contenders.add(0, RawContender.ID);
		}
		return new BenchSettings(Integer.getInteger("bench.reps", 3), contenders,
				Set.copyOf(list("bench.scenarios", String.join(",", ALL_SCENARIOS))), millis("bench.warmup-ms", 500),
				millis("bench.uncontended-ms", 1000), millis("bench.hot-key-ms", 1500),
				Integer.getInteger("bench.handoffs", 400), millis("bench.handoff-bound-ms", 1500),
				millis("bench.hold-ms", 2), Boolean.getBoolean("bench.hold-spin"),
				millis("bench.renewal-lease-ms", 3000), millis("bench.renewal-window-ms", 3000),
				list("bench.renewal-sizes", "1000,10000").stream().map(Integer::valueOf).toList(),
				System.getProperty("bench.redis-server", ""),
				System.getProperty("bench.redis-benchmark", "redis-benchmark"));
	}

	boolean runs(String scenario) {
		return this.scenarios.contains(scenario);
	}

	/**
	 * Return the contenders in the order of the given repetition: rotated, so that no
	 * contender always runs first or right after the same neighbour.
	 * @param rep the repetition, from 0
	 * @return the contender ids
	 */
	List<String> order(int rep) {
		String[] ids = this.contenders.toArray(String[]::new);
		String[] rotated = new String[ids.length];
		for (int i = 0; i < ids.length; i++) {
			rotated[i] = ids[(i + rep) % ids.length];
		}
		return Arrays.asList(rotated);
	}

	private static List<String> list(String property, String defaults) {
		return Arrays.stream(System.getProperty(property, defaults).split(","))
			.map(String::trim)
			.filter((value) -> !value.isEmpty())
			.toList();
	}

	private static Duration millis(String property, long defaults) {
		return Duration.ofMillis(Long.getLong(property, defaults));
	}

}
