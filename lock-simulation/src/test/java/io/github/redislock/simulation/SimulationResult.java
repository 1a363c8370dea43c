// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.simulation;

import java.util.List;

/**
 * What one run found.
 *
 * @param seed the seed
 * @param traceHash the hash of every event of the run: equal for two runs of one seed
 * @param events how many events ran
 * @param operations simulated lock operations completed: acquisitions, releases and
 * fencing tokens
 * @param faults faults injected
 * @param overlapsExcused overlaps accepted because a fault beyond the timing assumptions
 * happened during the older hold
 * @param overlapsReported holders told that the lock was granted to another while they
 * still used their lease (past its end, paused, or after a fault beyond the assumptions)
 * @param grantsRunOut leases granted to a caller only after they had run out by its own
 * clock (their replies came late): never held, so no overlap, but a caller that does not
 * check {@code isHeld()} works without the lock
 * @param tokensExcused fencing tokens out of grant order accepted because a fault beyond
 * the timing assumptions happened since the earlier grant
 * @param fencedWrites writes that reached the fenced resource
 * @param writesRefused writes the fenced resource refused, having accepted a larger token
 * before
 * @param violations the invariants broken, empty if none
 * @param latestEvents the last events of the trace, for a failing seed
 * @param realNanos how long the run took in real time
 * @param eventsToViolation how many events ran up to the first violation, or in all
 * @param plannedFaults the faults planned, each as a {@link Reduction} names it
 * @param callers the names of the callers that started
 * @param reduction what the run left out of its seed's run
 * @author redis-lock contributors
 */
public record SimulationResult(long seed, long traceHash, long events, long operations, int faults,
		long overlapsExcused, long overlapsReported, long grantsRunOut, long tokensExcused, long fencedWrites,
		long writesRefused, List<String> violations, List<String> latestEvents, long realNanos, long eventsToViolation,
		List<String> plannedFaults, List<String> callers, Reduction reduction) {

	public boolean passed() {
		return this.violations.isEmpty();
	}

	public String summary() {
		return String.format(
				"seed %d: %s, %,d operations, %,d events, %d faults, %d overlaps excused, %d overlaps reported,"
						+ " %d grants run out, %d tokens excused, %d fenced writes (%d refused), trace %016x",
				this.seed, passed() ? "passed" : this.violations.size() + " VIOLATIONS", this.operations, this.events,
				this.faults, this.overlapsExcused, this.overlapsReported, this.grantsRunOut, this.tokensExcused,
				this.fencedWrites, this.writesRefused, this.traceHash);
	}

	/** The command that replays this run exactly, with its seed's own settings. */
	public String replay() {
		return "./mvnw -B -pl lock-simulation -am verify -Dtest='SimulationTests' -Dsurefire.failIfNoSpecifiedTests=false"
				+ " -Dsim.seed=" + this.seed + (this.reduction.isNone() ? "" : " -Dsim.without=" + this.reduction);
	}

	/** The first violation, if any. */
	public String firstViolation() {
		return this.violations.isEmpty() ? null : this.violations.get(0);
	}

	/** The violations and the latest events, to print for a failing seed. */
	public String report() {
		StringBuilder report = new StringBuilder(summary()).append('\n');
		this.violations.forEach((violation) -> report.append("  ").append(violation).append('\n'));
		report.append("Latest events (time in ns):\n");
		this.latestEvents.forEach((line) -> report.append("  ").append(line).append('\n'));
		report.append("Replay: ").append(replay()).append('\n');
		return report.toString();
	}

}
