// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.torture.supervisor;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a run leaves behind once its workers stopped.
 *
 * @param keysWithoutTtl keys of the lock Redis ever seen without a TTL
 * @param keys lock keys left, by kind ({@code lock}, {@code waiters},
 * {@code released-by})
 * @param channels pub/sub channels with subscribers left
 * @param workerShutdowns each worker's report of its shutdown
 * @param stopFailures workers that did not stop cleanly
 * @param unexpectedExits workers that exited by themselves
 * @param probeHeldLocks locks the probe's client still knew after close
 * @author redis-lock contributors
 */
record Leftovers(Set<String> keysWithoutTtl, Map<String, Long> keys, long channels,
		Map<String, Map<String, String>> workerShutdowns, Map<String, String> stopFailures,
		List<String> unexpectedExits, int probeHeldLocks) {

	String describe() {
		long held = 0;
		long waits = 0;
		List<String> threads = new ArrayList<>();
		for (Map<String, String> report : this.workerShutdowns.values()) {
			held += Long.parseLong(report.getOrDefault("heldLocks", "0"));
			waits += Long.parseLong(report.getOrDefault("waits", "0"));
			if (!report.getOrDefault("threads", "").isEmpty()) {
				threads.add(report.get("threads"));
			}
		}
		return String.format(
				"lock keys %d, waiter hashes %d, released-by keys kept past their seconds %d, pub/sub channels %d, renewal entries %d, waits %d, threads %s",
				this.keys.getOrDefault("lock", 0L), this.keys.getOrDefault("waiters", 0L),
				this.keys.getOrDefault("released-by", 0L), this.channels, held + this.probeHeldLocks, waits,
				threads.isEmpty() ? "none" : String.join(",", threads));
	}

	List<String> problems() {
		List<String> problems = new ArrayList<>();
		this.keys.forEach((kind, count) -> {
			if (count > 0) {
				problems.add(count + " " + kind + " keys left after shutdown");
			}
		});
		if (this.channels > 0) {
			problems.add(this.channels + " pub/sub channels left after shutdown");
		}
		this.workerShutdowns.forEach((worker, report) -> {
			if (!"0".equals(report.get("heldLocks")) || !"0".equals(report.get("waits"))) {
				problems.add(worker + " still held or waited for locks after shutdown: " + report);
			}
			if (!report.getOrDefault("threads", "").isEmpty()
					|| !report.getOrDefault("stuckWorkerThreads", "").isEmpty()) {
				problems.add(worker + " left threads running after shutdown: " + report);
			}
		});
		if (this.workerShutdowns.isEmpty()) {
			problems.add("no worker reported its shutdown");
		}
		this.stopFailures.forEach((worker, failure) -> problems.add(worker + " " + failure));
		this.unexpectedExits.forEach((exit) -> problems.add("worker exited by itself: " + exit));
		if (this.probeHeldLocks > 0) {
			problems.add("the probe's client still held " + this.probeHeldLocks + " locks after close");
		}
		return problems;
	}

}
