// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.simulation;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Which seeds a run of the tests simulates: one seed with {@code -Dsim.seed=N}; the long
 * tier, new seeds for {@code -Dsim.minutes} (60 by default), with
 * {@code -Dsim.tier=long}; else the CI tier's fixed seeds. Runs them, prints a line per
 * seed, the report of each failing one (also written under {@code target/simulation}) and
 * the throughput.
 *
 * @author redis-lock contributors
 */
final class SimulationTier {

	/** The CI tier: seeds 1 to this, about a minute on a 2-core machine. */
	static final int CI_SEEDS = 500;

	private SimulationTier() {
	}

	/** Runs the tier's seeds with the settings each gets; returns the failing results. */
	static List<SimulationResult> run(Function<Long, SimulationSettings> settings) {
		String seed = System.getProperty("sim.seed");
		if (seed != null && !seed.isBlank()) {
			return runSeeds(List.of(Long.parseLong(seed.trim())), Duration.ofDays(1), settings);
		}
		if ("long".equals(System.getProperty("sim.tier"))) {
			long first = System.nanoTime() & 0xffffffffL;
			System.out.println("Long tier: seeds from " + first);
			Duration budget = Duration.ofMinutes(Long.getLong("sim.minutes", 60));
			List<Long> seeds = new ArrayList<>();
			for (long s = first; s < first + 10_000_000; s++) {
				seeds.add(s);
			}
			return runSeeds(seeds, budget, settings);
		}
		List<Long> seeds = new ArrayList<>();
		for (long s = 1; s <= CI_SEEDS; s++) {
			seeds.add(s);
		}
		return runSeeds(seeds, Duration.ofDays(1), settings);
	}

	private static List<SimulationResult> runSeeds(List<Long> seeds, Duration budget,
			Function<Long, SimulationSettings> settings) {
		long started = System.nanoTime();
		List<SimulationResult> failed = new ArrayList<>();
		long operations = 0;
		long events = 0;
		int runs = 0;
		for (long seed : seeds) {
			if (System.nanoTime() - started > budget.toNanos()) {
				break;
			}
			SimulationResult result = new Simulation(settings.apply(seed)).run();
			runs++;
			operations += result.operations();
			events += result.events();
			System.out.println(result.summary());
			if (!result.passed()) {
				failed.add(result);
				System.out.println(result.report());
				write(result);
			}
		}
		double seconds = (System.nanoTime() - started) / 1e9;
		System.out.printf(
				"Simulation: %d seeds, %d failed, %,d lock operations and %,d events in %.1f s of real time:"
						+ " %,.0f lock operations/s, %,.0f events/s%n",
				runs, failed.size(), operations, events, seconds, operations / seconds, events / seconds);
		return failed;
	}

	private static void write(SimulationResult result) {
		Path directory = Path.of(System.getProperty("sim.output", "target/simulation"));
		try {
			Files.createDirectories(directory);
			Files.writeString(directory.resolve("seed-" + result.seed() + ".txt"), result.report());
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
