// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.simulation;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;

/**
 * Which seeds a run of the tests simulates: one seed with {@code -Dsim.seed=N}; the long
 * tier, new seeds for {@code -Dsim.minutes} (60 by default), with
 * {@code -Dsim.tier=long}; else the CI tier's fixed seeds. Runs them on as many threads
 * as the machine has processors ({@code -Dsim.threads} to change it), each run on one
 * thread and each seed on its own, prints a line per seed in seed order, the report of
 * each failing one (also written under {@code target/simulation}) and the throughput.
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
			Reduction without = Reduction.parse(System.getProperty("sim.without"));
			return runSeeds(List.of(Long.parseLong(seed.trim())), Duration.ofDays(1),
					(s) -> settings.apply(s).withReduction(without));
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
		int threads = Math.max(1, Math.min(seeds.size(), Integer.getInteger("sim.threads", processors())));
		Results results = new Results(seeds.size());
		AtomicInteger next = new AtomicInteger();
		AtomicLong cpuNanos = new AtomicLong();
		Runnable worker = () -> {
			long cpuAtStart = cpuTime();
			for (int i = next.getAndIncrement(); i < seeds.size()
					&& System.nanoTime() - started <= budget.toNanos(); i = next.getAndIncrement()) {
				results.add(i, new Simulation(settings.apply(seeds.get(i))).run());
			}
			cpuNanos.addAndGet(cpuTime() - cpuAtStart);
		};
		List<Thread> workers = new ArrayList<>();
		for (int t = 1; t < threads; t++) {
			Thread thread = new Thread(worker, "simulation-" + t);
			thread.setUncaughtExceptionHandler((failed, ex) -> results.crashed(ex));
			workers.add(thread);
			thread.start();
		}
		try {
			worker.run();
		}
		catch (RuntimeException | Error ex) {
			results.crashed(ex);
		}
		for (Thread thread : workers) {
			try {
				thread.join();
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new IllegalStateException("interrupted while the simulation ran", ex);
			}
		}
		results.rethrow();
		results.flush();
		shrink(results.failed, settings);
		double seconds = (System.nanoTime() - started) / 1e9;
		double cpuSeconds = cpuNanos.get() / 1e9;
		System.out.printf(
				"Simulation: %d seeds, %d failed, %,d lock operations and %,d events in %.1f s of real time"
						+ " on %d threads: %,.0f lock operations/s, %,.0f events/s;"
						+ " %.1f s of processor time: %,.0f lock operations per processor-second;"
						+ " blocking callers on %s (Java %d)%n",
				results.runs, results.failed.size(), results.operations, results.events, seconds, threads,
				results.operations / seconds, results.events / seconds, cpuSeconds, results.operations / cpuSeconds,
				CallerThreads.kind(), Runtime.version().feature());
		System.out.printf(
				"Simulation totals: %,d faults, %,d overlaps excused, %,d overlaps reported, %,d tokens excused,"
						+ " %,d fenced writes, %,d refused as stale%n",
				results.faults, results.overlapsExcused, results.overlapsReported, results.tokensExcused,
				results.fencedWrites, results.writesRefused);
		return results.failed;
	}

	/**
	 * Shrinks the first failing seeds, each within its bounds, and prints and writes what
	 * it found beside the seed's report.
	 */
	private static void shrink(List<SimulationResult> failed, Function<Long, SimulationSettings> settings) {
		int seeds = Integer.getInteger("sim.shrink.seeds", 3);
		for (SimulationResult result : failed.subList(0, Math.min(seeds, failed.size()))) {
			Shrinker.Shrunk shrunk = new Shrinker(settings.apply(result.seed()),
					Integer.getInteger("sim.shrink.runs", 200),
					Duration.ofSeconds(Long.getLong("sim.shrink.seconds", 60)))
				.shrink();
			String report = shrunk.report();
			System.out.println(report);
			write("seed-" + result.seed() + "-shrunk.txt", report);
		}
	}

	/**
	 * The calling thread's processor time: on a machine that other work shares, the
	 * throughput per processor-second tells more than per second of real time.
	 */
	private static long cpuTime() {
		return ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
	}

	private static int processors() {
		return Runtime.getRuntime().availableProcessors();
	}

	private static void write(SimulationResult result) {
		write("seed-" + result.seed() + ".txt", result.report());
	}

	private static void write(String file, String text) {
		Path directory = Path.of(System.getProperty("sim.output", "target/simulation"));
		try {
			Files.createDirectories(directory);
			Files.writeString(directory.resolve(file), text);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * The runs' results, printed in seed order as soon as every earlier seed has run, so
	 * that the output reads the same whatever thread ran which seed.
	 */
	private static final class Results {

		private final ReentrantLock lock = new ReentrantLock();

		private final SimulationResult[] done;

		private int printed;

		private Throwable crash;

		final List<SimulationResult> failed = new ArrayList<>();

		long operations;

		long events;

		long faults;

		long overlapsExcused;

		long overlapsReported;

		long tokensExcused;

		long fencedWrites;

		long writesRefused;

		int runs;

		Results(int seeds) {
			this.done = new SimulationResult[seeds];
		}

		void add(int index, SimulationResult result) {
			this.lock.lock();
			try {
				this.done[index] = result;
				while (this.printed < this.done.length && this.done[this.printed] != null) {
					print(this.done[this.printed]);
					this.done[this.printed] = null;
					this.printed++;
				}
			}
			finally {
				this.lock.unlock();
			}
		}

		/** Prints those left behind a seed that no thread ran, its time being up. */
		void flush() {
			for (; this.printed < this.done.length; this.printed++) {
				if (this.done[this.printed] != null) {
					print(this.done[this.printed]);
				}
			}
		}

		private void print(SimulationResult result) {
			this.runs++;
			this.operations += result.operations();
			this.events += result.events();
			this.faults += result.faults();
			this.overlapsExcused += result.overlapsExcused();
			this.overlapsReported += result.overlapsReported();
			this.tokensExcused += result.tokensExcused();
			this.fencedWrites += result.fencedWrites();
			this.writesRefused += result.writesRefused();
			System.out.println(result.summary());
			if (!result.passed()) {
				this.failed.add(result);
				System.out.println(result.report());
				write(result);
			}
		}

		void crashed(Throwable ex) {
			this.lock.lock();
			try {
				if (this.crash == null) {
					this.crash = ex;
				}
			}
			finally {
				this.lock.unlock();
			}
		}

		void rethrow() {
			if (this.crash instanceof RuntimeException ex) {
				throw ex;
			}
			if (this.crash instanceof Error error) {
				throw error;
			}
			if (this.crash != null) {
				throw new IllegalStateException(this.crash);
			}
		}

	}

}
