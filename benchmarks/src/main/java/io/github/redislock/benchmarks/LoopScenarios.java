// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.benchmarks;

import java.time.Duration;

/**
 * Scenarios a, b, c and cx: locks taken and released in a loop for a fixed time.
 * <ul>
 * <li>a: one thread, one key, nothing in the critical section;</li>
 * <li>b: eight threads on eight keys;</li>
 * <li>c: eight threads on one hot key, each section a non-atomic {@code GET} and
 * {@code SET} of a counter, which must end exact;</li>
 * <li>cx: the same with four threads in this JVM and four in the child JVM.</li>
 * </ul>
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
final class LoopScenarios {

	private static final Duration CHILD_TIMEOUT = Contender.MAX_WAIT.plusSeconds(30);

	private final Bench bench;

	LoopScenarios(Bench bench) {
		this.bench = bench;
	}

	/**
	 * Run scenario a or b for every contender and repetition.
	 * @param scenario the scenario name
	 * @param threads the number of threads, each on its own key
	 */
	void uncontended(String scenario, int threads) throws InterruptedException {
		for (int rep = 0; rep < this.bench.settings.reps(); rep++) {
			for (String id : this.bench.settings.order(rep)) {
				String key = scenario + ":" + rep;
				LockLoop.Result result = LockLoop.run(this.bench.contender(id), threads, (t) -> key + ":" + t, () -> {
				}, Bench.startIn(50), this.bench.settings.uncontended());
				if (check(scenario, id, result)) {
					this.bench.results.add(scenario, id, "ops", result.perSecond());
					this.bench.results.add(scenario, id, "p50", result.latencyPercentile(50));
					this.bench.results.add(scenario, id, "p99", result.latencyPercentile(99));
				}
			}
		}
	}

	/**
	 * Run scenario c for every contender and repetition.
	 */
	void hotKey() throws InterruptedException {
		for (int rep = 0; rep < this.bench.settings.reps(); rep++) {
			for (String id : this.bench.settings.order(rep)) {
				String key = "c:" + rep;
				String counterKey = "counter:c:" + rep + ":" + id;
				LockLoop.Result result = LockLoop.run(this.bench.contender(id), 8, (t) -> key,
						this.bench.counter.increment(counterKey), Bench.startIn(50), this.bench.settings.hotKey());
				long counted = this.bench.counter.value(counterKey);
				if (counted != result.total()) {
					this.bench.results.note("c: " + id + " rep " + rep + ": counter " + counted + " but "
							+ result.total() + " critical sections: mutual exclusion broken");
				}
				if (check("c", id, result)) {
					this.bench.results.add("c", id, "ops", result.perSecond());
					this.bench.results.add("c", id, "fairness", result.fairness());
					this.bench.results.add("c", id, "maxWait", result.maxLatency());
					this.bench.results.add("c", id, "exact", (counted == result.total()) ? 1 : 0);
				}
			}
		}
	}

	/**
	 * Run scenario cx for every contender and repetition.
	 */
	void crossJvm() throws Exception {
		Duration duration = this.bench.settings.hotKey();
		for (int rep = 0; rep < this.bench.settings.reps(); rep++) {
			for (String id : this.bench.settings.order(rep)) {
				String key = "cx:" + rep;
				String counterKey = "counter:cx:" + rep + ":" + id;
				long startAt = Bench.startIn(300);
				this.bench.child
					.send("loop " + id + " 4 " + key + " " + counterKey + " " + startAt + " " + duration.toMillis());
				LockLoop.Result local = LockLoop.run(this.bench.contender(id), 4, (t) -> key,
						this.bench.counter.increment(counterKey), startAt, duration);
				String[] reply = this.bench.child.await(CHILD_TIMEOUT).split(" ", 4);
				long remote = Long.parseLong(reply[1]);
				long total = local.total() + remote;
				long counted = this.bench.counter.value(counterKey);
				if (!"-".equals(reply[3])) {
					this.bench.results.note("cx: " + id + " rep " + rep + ": child failed: " + reply[3]);
					continue;
				}
				if (counted != total) {
					this.bench.results.note("cx: " + id + " rep " + rep + ": counter " + counted + " but " + total
							+ " critical sections: mutual exclusion broken");
				}
				if (check("cx", id, local)) {
					double seconds = duration.toNanos() / 1e9;
					this.bench.results.add("cx", id, "ops", total / seconds);
					this.bench.results.add("cx", id, "share", (double) Math.min(local.total(), remote) / total);
					this.bench.results.add("cx", id, "maxWait", Math.max(local.maxLatency(), Long.parseLong(reply[2])));
					this.bench.results.add("cx", id, "exact", (counted == total) ? 1 : 0);
				}
			}
		}
	}

	/**
	 * Warm a contender up in this JVM and in the child: the code paths of every scenario,
	 * briefly.
	 * @param id the contender id
	 */
	void warmUp(String id) throws Exception {
		Duration warmup = this.bench.settings.warmup();
		Contender contender = this.bench.contender(id);
		this.bench.child.request("open " + id, CHILD_TIMEOUT);
		check("warm-up", id, LockLoop.run(contender, 1, (t) -> "warm:a", () -> {
		}, Bench.startIn(10), warmup));
		check("warm-up", id, LockLoop.run(contender, 8, (t) -> "warm:b:" + t, () -> {
		}, Bench.startIn(10), warmup));
		check("warm-up", id, LockLoop.run(contender, 8, (t) -> "warm:c", this.bench.counter.increment("warm:n"),
				Bench.startIn(10), warmup));
		long startAt = Bench.startIn(300);
		this.bench.child.send("loop " + id + " 4 warm:cx warm:nx " + startAt + " " + warmup.toMillis());
		check("warm-up", id,
				LockLoop.run(contender, 4, (t) -> "warm:cx", this.bench.counter.increment("warm:nx"), startAt, warmup));
		this.bench.child.await(CHILD_TIMEOUT);
	}

	private boolean check(String scenario, String id, LockLoop.Result result) {
		if (result.failure() != null) {
			this.bench.results.note(scenario + ": " + id + " failed: " + result.failure());
			return false;
		}
		return true;
	}

}
