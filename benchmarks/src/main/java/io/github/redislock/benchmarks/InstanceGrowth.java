// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.benchmarks;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.lettuce.core.api.sync.RedisCommands;

/**
 * Many application instances contending on one hot key, spread over a few JVMs: each
 * instance its own client, connections and owner identity (see {@link InstanceWorker}).
 * Checks that the counter the sections incremented without atomicity ends exact, and
 * measures the throughput and the share of sections each instance got.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
final class InstanceGrowth {

	static final List<Integer> INSTANCES = List.of(2, 8, 16, 32, 64);

	/** At most this many JVMs, so that 64 instances run as 4 JVMs of 16. */
	private static final int MAX_JVMS = 4;

	private final int port;

	private final RedisCommands<String, String> redis;

	private final long warmupMillis;

	private final long runMillis;

	InstanceGrowth(int port, RedisCommands<String, String> redis, long warmupMillis, long runMillis) {
		this.port = port;
		this.redis = redis;
		this.warmupMillis = warmupMillis;
		this.runMillis = runMillis;
	}

	/**
	 * Run one round.
	 * @param instances how many instances contend
	 * @return the outcome
	 */
	Outcome run(int instances) throws Exception {
		int jvms = Math.min(MAX_JVMS, instances);
		String key = "hot:" + instances;
		long startAt = System.currentTimeMillis() + 15_000;
		List<Process> processes = new ArrayList<>();
		for (int j = 0; j < jvms; j++) {
			int count = instances / jvms + ((j < instances % jvms) ? 1 : 0);
			processes.add(start(count, key, startAt));
		}
		List<Long> sections = new ArrayList<>();
		long all = 0;
		List<String> failures = new ArrayList<>();
		for (Process process : processes) {
			try (BufferedReader reader = new BufferedReader(
					new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
				for (String line = reader.readLine(); line != null; line = reader.readLine()) {
					if (line.startsWith(ChildJvm.PREFIX + "sections ")) {
						for (String counts : line.substring(ChildJvm.PREFIX.length() + 9).split(" ")) {
							String[] measuredAndAll = counts.split("/");
							sections.add(Long.parseLong(measuredAndAll[0]));
							all += Long.parseLong(measuredAndAll[1]);
						}
					}
					else if (line.startsWith(ChildJvm.PREFIX + "failed ")) {
						failures.add(line.substring(ChildJvm.PREFIX.length()));
					}
				}
			}
			if (!process.waitFor(5, TimeUnit.MINUTES)) {
				process.destroyForcibly();
				failures.add("a worker JVM did not exit");
			}
		}
		String counter = this.redis.get(key + ":counter");
		long counted = (counter != null) ? Long.parseLong(counter) : 0;
		this.redis.del(key + ":counter");
		CostGrowthMain.progress("instances " + instances);
		return new Outcome(instances, jvms, sections, all, counted, this.runMillis, failures);
	}

	private Process start(int instances, String key, long startAt) throws IOException {
		List<String> command = new ArrayList<>();
		command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
		command.add("-Xmx256m");
		String classPath = System.getProperty("java.class.path");
		if (classPath.endsWith(".jar") && !classPath.contains(File.pathSeparator)) {
			command.addAll(List.of("-jar", classPath));
		}
		else {
			command.addAll(List.of("-cp", classPath, BenchmarkMain.class.getName()));
		}
		command.addAll(List.of(InstanceWorker.COMMAND, Integer.toString(this.port), Integer.toString(instances), key,
				Long.toString(startAt), Long.toString(this.warmupMillis), Long.toString(this.runMillis)));
		return new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
	}

	/**
	 * One round's outcome.
	 *
	 * @param instances how many instances contended
	 * @param jvms over how many JVMs
	 * @param sections the sections each instance ran in the measured window
	 * @param all the sections run in all, warm-up included
	 * @param counted the counter's final value
	 * @param runMillis how long the measured window lasted
	 * @param failures what went wrong, if anything
	 */
	record Outcome(int instances, int jvms, List<Long> sections, long all, long counted, long runMillis,
			List<String> failures) {

		long total() {
			return this.sections.stream().mapToLong(Long::longValue).sum();
		}

		boolean exact() {
			return this.sections.size() == this.instances && this.all == this.counted && this.failures.isEmpty();
		}

		double perSecond() {
			return total() * 1000.0 / this.runMillis;
		}

		/** The fewest sections an instance ran, relative to an equal share. */
		double smallestShare() {
			return this.sections.stream().mapToLong(Long::longValue).min().orElse(0) * (double) this.instances
					/ Math.max(1, total());
		}

		/** The most sections an instance ran, relative to an equal share. */
		double largestShare() {
			return this.sections.stream().mapToLong(Long::longValue).max().orElse(0) * (double) this.instances
					/ Math.max(1, total());
		}

		/** Jain's fairness index: 1 when every instance ran as many sections. */
		double fairness() {
			double sum = total();
			double squares = this.sections.stream().mapToDouble((count) -> (double) count * count).sum();
			return (squares == 0) ? 0 : sum * sum / (this.sections.size() * squares);
		}

	}

}
