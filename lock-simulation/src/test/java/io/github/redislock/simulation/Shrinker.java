// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.simulation;

import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * Shrinks a failing seed: runs it again with planned faults, kinds of network faults and
 * callers left out, and keeps each reduction under which the run still breaks the same
 * invariant first, after no more events, until none helps or its runs or time are used
 * up. A reduction changes what the seed's generator draws after the first thing left out,
 * so the smaller run is another run, but as exact to replay as the seed's own
 * ({@link Reduction}).
 *
 * @author redis-lock contributors
 */
final class Shrinker {

	/**
	 * What tells one invariant from another in a violation's text; any other violation is
	 * known by its text without its numbers.
	 */
	private static final List<String> KINDS = List.of("two holders of lock", "of crashed client",
			"when its place must have run out", "longer than a hand-off's lease", "was not told that",
			"neither was told", "was reported lost while its lease lasted", "but the server never recorded it",
			"is out of order with", "has no TTL", "and has no answer", "is still busy after the quiet time",
			"a client still holds", "keys left behind", "tasks came from threads");

	private final SimulationSettings settings;

	private final int maxRuns;

	private final Duration budget;

	private int runs;

	private long startedAt;

	/**
	 * @param settings the failing run's settings
	 * @param maxRuns how many runs shrinking may take at most
	 * @param budget how long shrinking may take at most
	 */
	Shrinker(SimulationSettings settings, int maxRuns, Duration budget) {
		this.settings = settings;
		this.maxRuns = maxRuns;
		this.budget = budget;
	}

	/** The invariant a violation's text tells of. */
	static String kind(String violation) {
		String text = violation.replaceFirst("^at \\d+ ms: ", "");
		for (String kind : KINDS) {
			if (text.contains(kind)) {
				return kind;
			}
		}
		return text.replaceAll("\\d+", "#");
	}

	/** Whether the run broke the invariant first. */
	static boolean failsFirstWith(SimulationResult result, String kind) {
		return !result.passed() && kind(result.firstViolation()).equals(kind);
	}

	Shrunk shrink() {
		this.startedAt = System.nanoTime();
		this.runs = 0;
		SimulationResult original = run(this.settings.reduction());
		if (original.passed()) {
			return new Shrunk(original, original, this.runs, elapsed());
		}
		String kind = kind(original.firstViolation());
		SimulationResult best = original;
		boolean progress = true;
		while (progress && hasTime()) {
			progress = false;
			for (UnaryOperator<Reduction> step : steps(best)) {
				if (!hasTime()) {
					break;
				}
				Reduction trial = step.apply(best.reduction());
				if (trial.equals(best.reduction())) {
					continue;
				}
				SimulationResult result = run(trial);
				if (failsFirstWith(result, kind) && result.eventsToViolation() <= best.eventsToViolation()) {
					best = result;
					progress = true;
				}
			}
		}
		return new Shrunk(original, best, this.runs, elapsed());
	}

	/**
	 * What to try leaving out of the run, largest first: every planned fault, every
	 * network fault, then each of them and each caller alone.
	 */
	private static List<UnaryOperator<Reduction>> steps(SimulationResult result) {
		List<Integer> faults = new ArrayList<>();
		for (String planned : result.plannedFaults()) {
			if (!planned.endsWith("(left out)")) {
				faults.add(Integer.parseInt(planned.substring("fault".length(), planned.indexOf(':'))));
			}
		}
		List<Reduction.NetworkFault> network = new ArrayList<>(EnumSet.allOf(Reduction.NetworkFault.class));
		network.removeIf(result.reduction()::removes);
		List<UnaryOperator<Reduction>> steps = new ArrayList<>();
		if (faults.size() > 1) {
			steps.add((reduction) -> reduction.withoutFaults(faults));
		}
		if (network.size() > 1) {
			steps.add((reduction) -> reduction.withoutNetwork(network));
		}
		faults.forEach((number) -> steps.add((reduction) -> reduction.withoutFaults(List.of(number))));
		network.forEach((kind) -> steps.add((reduction) -> reduction.withoutNetwork(List.of(kind))));
		result.callers().forEach((caller) -> steps.add((reduction) -> reduction.withoutCallers(List.of(caller))));
		return steps;
	}

	private SimulationResult run(Reduction reduction) {
		this.runs++;
		return new Simulation(this.settings.withReduction(reduction)).untilFirstViolation().run();
	}

	private boolean hasTime() {
		return this.runs < this.maxRuns && elapsed().compareTo(this.budget) < 0;
	}

	private Duration elapsed() {
		return Duration.ofNanos(System.nanoTime() - this.startedAt);
	}

	/**
	 * A failing seed and its smallest reduction found.
	 *
	 * @param original the seed's run up to its first violation
	 * @param shrunk the smallest run found that breaks the same invariant first
	 * @param runs how many runs shrinking took
	 * @param took how long shrinking took
	 */
	record Shrunk(SimulationResult original, SimulationResult shrunk, int runs, Duration took) {

		/**
		 * What shrinking found, the smaller run's violations and events, and its replay.
		 */
		String report() {
			return String.format(
					"Shrunk seed %d in %d runs (%.1f s): %d of %d planned faults, %s, %d of %d callers;"
							+ " first violation after %,d events instead of %,d%n",
					this.original.seed(), this.runs, this.took.toMillis() / 1000.0, live(this.shrunk),
					live(this.original), network(this.shrunk.reduction()), this.shrunk.callers().size(),
					this.original.callers().size(), this.shrunk.eventsToViolation(), this.original.eventsToViolation())
					+ this.shrunk.report();
		}

		private static long live(SimulationResult result) {
			return result.plannedFaults().stream().filter((fault) -> !fault.endsWith("(left out)")).count();
		}

		private static String network(Reduction reduction) {
			List<String> off = new ArrayList<>();
			for (Reduction.NetworkFault kind : Reduction.NetworkFault.values()) {
				if (reduction.removes(kind)) {
					off.add(kind.text);
				}
			}
			return off.isEmpty() ? "every network fault" : "network without " + String.join(", ", off);
		}

	}

}
