// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.benchmarks;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Prints the measurements as markdown tables: medians over the repetitions with their
 * range in parentheses, and ratios to the raw baseline of the same run.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
final class Report {

	private static final double MICROS = 1e-3;

	private static final double MILLIS = 1e-6;

	private final Measurements results;

	private final BenchSettings settings;

	private final PrintStream out;

	Report(Measurements measurements, BenchSettings settings, PrintStream out) {
		this.results = measurements;
		this.settings = settings;
		this.out = out;
	}

	void print(List<String> header, List<String[]> redisBenchmark) {
		header.forEach(this.out::println);
		this.out.println();
		this.out.println("Each cell: median of " + this.settings.reps()
				+ " interleaved repetitions, (min–max) of the repetitions; ×raw = median over the raw baseline's "
				+ "median in this run.");
		uncontended("a", "a. Uncontended, 1 thread: lock+unlock/s");
		uncontended("b", "b. Uncontended, 8 threads on 8 keys: lock+unlock/s");
		section("c. One hot key, 8 threads in one JVM, section = GET+SET of a counter: critical sections/s",
				List.of("contender", "CS/s", "×raw", "fairness (slowest/fastest thread)", "longest lock+section ms",
						"count exact"),
				(id) -> row(id, this.results.cell("c", id, "ops", 1), this.results.ratio("c", id, "ops"),
						this.results.cell("c", id, "fairness", 1), this.results.cell("c", id, "maxWait", MILLIS),
						exact("c", id)));
		section("cx. One hot key, 2 JVMs × 4 threads: critical sections/s",
				List.of("contender", "CS/s", "×raw", "smaller JVM's share", "longest lock+section ms", "count exact"),
				(id) -> row(id, this.results.cell("cx", id, "ops", 1), this.results.ratio("cx", id, "ops"),
						this.results.cell("cx", id, "share", 1), this.results.cell("cx", id, "maxWait", MILLIS),
						exact("cx", id)));
		section("d/dx. Hand-off latency, µs from the holder's release to the waiter's acquisition (hold "
				+ this.settings.hold().toMillis() + " ms after the waiter starts waiting, "
				+ (this.settings.spinningHold() ? "spinning" : "parked") + ")",
				List.of("contender", "d p50 (1 JVM)", "d p99", "dx p50 (2 JVMs)", "dx p50 ×raw", "dx p99",
						"hand-offs per rep d / dx"),
				(id) -> row(id, this.results.cell("d", id, "p50", MICROS), this.results.cell("d", id, "p99", MICROS),
						this.results.cell("dx", id, "p50", MICROS), this.results.ratio("dx", id, "p50"),
						this.results.cell("dx", id, "p99", MICROS),
						this.results.cell("d", id, "count", 1) + " / " + this.results.cell("dx", id, "count", 1)));
		renewal();
		section("f. Server cost per operation: round trips = socket reads Redis processed; client commands = "
				+ "commands sent (MONITOR); commands = those plus the ones scripts call; CPU per lock+unlock over "
				+ "5,000 more, without MONITOR",
				List.of("contender", "lock+unlock round trips", "client commands", "commands", "server CPU µs",
						"client CPU µs", "client commands per lock+unlock", "dx hand-off round trips",
						"client commands", "commands", "client commands per hand-off"),
				(id) -> row(id, this.results.cell("f", id, "lockReads", 1), this.results.cell("f", id, "lockClient", 1),
						this.results.cell("f", id, "lockCmds", 1), this.results.cell("f", id, "serverUs", 1),
						this.results.cell("f", id, "clientUs", 1), this.results.text("f", id, "lockMix"),
						this.results.cell("f", id, "handoffReads", 1), this.results.cell("f", id, "handoffClient", 1),
						this.results.cell("f", id, "handoffCmds", 1), this.results.text("f", id, "handoffMix")));
		many();
		if (!redisBenchmark.isEmpty()) {
			this.out.println();
			this.out.println("### redis-benchmark on the same server");
			this.out.println();
			table(List.of("run", "requests/s", "p50 ms"), redisBenchmark);
		}
		if (!this.results.notes().isEmpty()) {
			this.out.println();
			this.out.println("### Notes");
			this.out.println();
			this.results.notes().forEach((note) -> this.out.println("- " + note));
		}
	}

	private void many() {
		List<String[]> rows = new ArrayList<>();
		for (String id : List.of(ManyWaitersScenario.VIRTUAL_ID, ReactiveContender.ID)) {
			if (!this.results.get("v", id, "ops").isEmpty()) {
				rows.add(row(id, this.results.cell("v", id, "callers", 1), this.results.cell("v", id, "ops", 1),
						this.results.cell("v", id, "cpuUs", 1), this.results.cell("v", id, "heapPerWaiter", 1),
						exact("v", id)));
			}
		}
		if (!rows.isEmpty()) {
			this.out.println();
			this.out.println("### v. Many callers of one instance on one hot key, each once, section = GET+SET of a "
					+ "counter");
			this.out.println();
			table(List.of("contender", "waiting callers", "CS/s", "process CPU µs per CS", "heap bytes per waiter",
					"count exact"), rows);
		}
	}

	private void uncontended(String scenario, String title) {
		section(title, List.of("contender", "ops/s", "×raw", "p50 µs", "p99 µs"),
				(id) -> row(id, this.results.cell(scenario, id, "ops", 1), this.results.ratio(scenario, id, "ops"),
						this.results.cell(scenario, id, "p50", MICROS),
						this.results.cell(scenario, id, "p99", MICROS)));
	}

	private void renewal() {
		List<String[]> rows = new ArrayList<>();
		for (int size : this.settings.renewalSizes()) {
			String scenario = "e" + size;
			for (String id : RenewalScenario.IDS) {
				if (!this.results.get(scenario, id, "cmdsPerSec").isEmpty()) {
					rows.add(row(id, Integer.toString(size), this.results.cell(scenario, id, "cmdsPerSec", 1),
							this.results.cell(scenario, id, "rtPerPeriod", 1),
							this.results.cell(scenario, id, "scriptsPerPeriod", 1),
							this.results.cell(scenario, id, "bytesPerRenewal", 1),
							this.results.cell(scenario, id, "serverMsPerPeriod", 1),
							this.results.cell(scenario, id, "clientMsPerPeriod", 1),
							this.results.cell(scenario, id, "cpu", 1),
							this.results.cell(scenario, id, "busyThreads", 1),
							this.results.text(scenario, id, "threads"),
							this.results.cell(scenario, id, "held", 100) + "%"));
				}
			}
		}
		if (!rows.isEmpty()) {
			title("e. Renewal of locks held at once: lease " + this.settings.renewalLease().toMillis()
					+ " ms, renewed every third; counted over " + this.settings.renewalWindow().toMillis()
					+ " ms after 1.5 periods of settling");
			table(List.of("contender", "locks", "Redis commands/s", "round trips (socket reads) per renewal period",
					"script calls per period", "bytes sent per renewal", "server CPU ms per period",
					"client CPU ms per period", "client CPU, % of a core", "busy client threads",
					"busy threads (CPU % of a core, last rep)", "locks still held"), rows);
		}
	}

	private String exact(String scenario, String id) {
		List<Double> values = this.results.get(scenario, id, "exact");
		if (values.isEmpty()) {
			return "–";
		}
		long exact = values.stream().filter((value) -> value == 1).count();
		return (exact == values.size()) ? "yes" : "NO (" + (values.size() - exact) + " reps)";
	}

	private void section(String title, List<String> columns, Function<String, String[]> rowOf) {
		List<String[]> rows = new ArrayList<>();
		for (String id : this.settings.contenders()) {
			String[] row = rowOf.apply(id);
			boolean measured = false;
			for (int i = 1; i < row.length; i++) {
				measured |= !row[i].startsWith("–");
			}
			if (measured) {
				rows.add(row);
			}
		}
		if (!rows.isEmpty()) {
			title(title);
			table(columns, rows);
		}
	}

	private void title(String title) {
		this.out.println();
		this.out.println("### " + title);
		this.out.println();
	}

	private String[] row(String id, String... cells) {
		String[] row = new String[cells.length + 1];
		row[0] = Contenders.label(id);
		System.arraycopy(cells, 0, row, 1, cells.length);
		return row;
	}

	private void table(List<String> columns, List<String[]> rows) {
		this.out.println("| " + String.join(" | ", columns) + " |");
		this.out.println("|" + " --- |".repeat(columns.size()));
		for (String[] row : rows) {
			this.out.println("| " + String.join(" | ", row) + " |");
		}
	}

}
