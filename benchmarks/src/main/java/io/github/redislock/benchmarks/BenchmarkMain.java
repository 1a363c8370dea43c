// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.benchmarks;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.github.redislock.testsupport.RedisBinary;
import io.github.redislock.testsupport.RedisBinaryLocator;

/**
 * Runs every scenario against one private {@code redis-server} and prints markdown
 * tables. Run it with
 * {@code ./mvnw -B -q -pl benchmarks -am package -DskipTests && java -jar benchmarks/target/benchmarks.jar};
 * {@code -Dbench.*} properties (see {@link BenchSettings}) narrow or lengthen the run.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
public final class BenchmarkMain {

	/** Each step with the 1-minute load average when it began. */
	private static final List<String> PROGRESS = new ArrayList<>();

	private BenchmarkMain() {
	}

	public static void main(String[] args) throws Exception {
		if (args.length == 2 && ChildMain.COMMAND.equals(args[0])) {
			ChildMain.main(Integer.parseInt(args[1]));
			System.exit(0);
		}
		if (args.length == 1 && CostGrowthMain.COMMAND.equals(args[0])) {
			CostGrowthMain.main();
			System.exit(0);
		}
		if (args.length > 0 && InstanceWorker.COMMAND.equals(args[0])) {
			InstanceWorker.main(Arrays.copyOfRange(args, 1, args.length));
			System.exit(0);
		}
		BenchSettings settings = BenchSettings.fromSystemProperties();
		long started = System.nanoTime();
		String loadBefore = loadAverage();
		List<String[]> redisBenchmark = new ArrayList<>();
		Bench bench;
		try (BenchServer server = BenchServer.start(redisBinary(settings),
				Contenders.needReplica(settings.contenders()), Contenders.mastersBeside(settings.contenders()));
				ChildJvm child = ChildJvm.start(server.port(), server.topology().publish())) {
			progress("Redis " + server.version() + " on port " + server.port() + describe(server.topology())
					+ "; child JVM ready");
			bench = new Bench(settings, server, child);
			try {
				run(bench, redisBenchmark);
			}
			finally {
				bench.close();
			}
			long minutes = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - started);
			List<String> header = header(server.version(), loadBefore, minutes);
			new Report(bench.results, settings, System.out).print(header, redisBenchmark);
		}
		System.exit(0);
	}

	private static String describe(BenchTopology topology) {
		String replica = (topology.replicaPort() != 0) ? " with a replica on port " + topology.replicaPort() : "";
		String masters = topology.masterPorts().isEmpty() ? ""
				: ", independent masters on ports " + topology.masterPorts();
		return replica + masters;
	}

	private static RedisBinary redisBinary(BenchSettings settings) {
		if (settings.redisServer().isEmpty()) {
			return RedisBinaryLocator.locate();
		}
		return RedisBinary.probe(Path.of(settings.redisServer()), "set by bench.redis-server");
	}

	private static void run(Bench bench, List<String[]> redisBenchmark) throws Exception {
		BenchSettings settings = bench.settings;
		LoopScenarios loops = new LoopScenarios(bench);
		HandoffScenarios handoffs = new HandoffScenarios(bench);
		handoffs.checkSharedClock();
		for (String id : settings.contenders()) {
			progress("warm-up " + id);
			loops.warmUp(id);
			handoffs.measure(id, "warm:d", false, 20, settings.handoffBound());
			handoffs.measure(id, "warm:dx", true, 20, settings.handoffBound());
		}
		if (settings.runs("a")) {
			progress("a");
			loops.uncontended("a", 1);
		}
		if (settings.runs("b")) {
			progress("b");
			loops.uncontended("b", 8);
		}
		if (settings.runs("c")) {
			progress("c");
			loops.hotKey();
		}
		if (settings.runs("cx")) {
			progress("cx");
			loops.crossJvm();
		}
		if (settings.runs("d")) {
			progress("d");
			handoffs.run(false);
		}
		if (settings.runs("dx")) {
			progress("dx");
			handoffs.run(true);
		}
		if (settings.runs("e")) {
			progress("e");
			new RenewalScenario(bench).run();
		}
		if (settings.runs("f")) {
			progress("f");
			new ServerCostScenario(bench, handoffs, System.getProperty("bench.redis-cli", "redis-cli")).run();
		}
		if (settings.runs("v")) {
			progress("v");
			new ManyWaitersScenario(bench).run();
		}
		if (settings.runs("rb")) {
			progress("redis-benchmark");
			redisBenchmark.addAll(new RedisBenchmark(bench).run());
		}
	}

	private static List<String> header(String redisVersion, String loadBefore, long seconds) {
		List<String> header = new ArrayList<>();
		header.add("## Benchmark run " + OffsetDateTime.now(ZoneOffset.UTC).format(DateTimeFormatter.ISO_INSTANT));
		header.add("");
		header.add("| | |");
		header.add("| --- | --- |");
		header.add("| commit | " + System.getProperty("bench.commit", command("git", "describe", "--always", "--dirty"))
				+ " |");
		header.add("| machine | " + Runtime.getRuntime().availableProcessors() + " CPUs, " + cpuModel() + " |");
		header.add("| JDK | " + System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version")
				+ " |");
		header.add("| Redis | " + redisVersion + ", loopback, no persistence |");
		header.add("| load average (1/5/15 min) | before " + loadBefore + ", after " + loadAverage() + " |");
		header.add("| 1-min load as each step began | " + String.join("; ", PROGRESS) + " |");
		header.add("| duration | " + seconds + " s |");
		header
			.add("| command | `java " + String.join(" ", jvmArguments()) + " -jar benchmarks/target/benchmarks.jar` |");
		return header;
	}

	private static List<String> jvmArguments() {
		return ManagementFactory.getRuntimeMXBean()
			.getInputArguments()
			.stream()
			.filter((argument) -> (argument.startsWith("-D") && !argument.startsWith("-Dbench.commit"))
					|| argument.startsWith("-X"))
			.toList();
	}

	private static String cpuModel() {
		try {
			return Files.readAllLines(Path.of("/proc/cpuinfo"), StandardCharsets.UTF_8)
				.stream()
				.filter((line) -> line.startsWith("model name"))
				.map((line) -> line.substring(line.indexOf(':') + 1).trim())
				.findFirst()
				.orElse("unknown CPU");
		}
		catch (IOException ex) {
			return "unknown CPU";
		}
	}

	private static String loadAverage() {
		try {
			String[] fields = Files.readString(Path.of("/proc/loadavg")).split(" ");
			return fields[0] + " / " + fields[1] + " / " + fields[2];
		}
		catch (IOException ex) {
			return "?";
		}
	}

	private static String command(String... command) {
		try {
			Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
			String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
			return (process.waitFor() == 0) ? output : "?";
		}
		catch (IOException | InterruptedException ex) {
			return "?";
		}
	}

	static void progress(String message) {
		String load = loadAverage();
		System.err.println("[bench] " + message + " (load " + load + ")");
		if (!message.startsWith("warm-up ")) {
			PROGRESS.add(message + ": " + load.substring(0, load.indexOf(' ')));
		}
	}

}
