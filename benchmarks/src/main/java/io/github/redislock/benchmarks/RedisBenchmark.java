// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.benchmarks;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.springframework.core.io.ClassPathResource;
import org.springframework.util.StreamUtils;

/**
 * The server's own ceiling, from {@code redis-benchmark} on the same server: {@code SET}
 * and {@code EVALSHA} of this project's acquire script, over one connection (round-trip
 * bound, like one client thread) and over fifty.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
final class RedisBenchmark {

	private static final Pattern RESULT = Pattern.compile("([0-9.]+) requests per second(?:, p50=([0-9.]+) msec)?");

	private final Bench bench;

	RedisBenchmark(Bench bench) {
		this.bench = bench;
	}

	/**
	 * Run the benchmarks.
	 * @return one row per run: label, requests per second and p50 in milliseconds
	 */
	List<String[]> run() throws IOException, InterruptedException {
		// The engine sends prelude.lua ahead of each script.
		String acquire = StreamUtils.copyToString(
				new ClassPathResource("META-INF/redis-lock/scripts/prelude.lua").getInputStream(),
				StandardCharsets.UTF_8)
				+ StreamUtils.copyToString(
						new ClassPathResource("META-INF/redis-lock/scripts/acquire.lua").getInputStream(),
						StandardCharsets.UTF_8);
		String sha = this.bench.server.commands().scriptLoad(acquire);
		List<String> evalsha = List.of("evalsha", sha, "2", "rb:{__rand_int__}", "rb:{__rand_int__}:waiters", "owner",
				"30000", "0", "0", "0", "0");
		List<String[]> rows = new ArrayList<>();
		rows.add(run("SET, 1 connection", 1, 20_000, List.of("-t", "set")));
		rows.add(run("SET, 50 connections", 50, 100_000, List.of("-t", "set")));
		rows.add(run("EVALSHA acquire.lua, 1 connection", 1, 20_000, evalsha));
		rows.add(run("EVALSHA acquire.lua, 50 connections", 50, 100_000, evalsha));
		return rows;
	}

	private String[] run(String label, int clients, int requests, List<String> test)
			throws IOException, InterruptedException {
		List<String> command = new ArrayList<>(List.of(this.bench.settings.redisBenchmark(), "-h", BenchServer.HOST,
				"-p", Integer.toString(this.bench.server.port()), "-c", Integer.toString(clients), "-n",
				Integer.toString(requests), "-r", "100000", "-q"));
		command.addAll(test);
		Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
		String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		if (!process.waitFor(60, TimeUnit.SECONDS)) {
			process.destroyForcibly();
		}
		String[] segments = output.split("[\r\n]");
		for (int i = segments.length - 1; i >= 0; i--) {
			Matcher matcher = RESULT.matcher(segments[i]);
			if (matcher.find()) {
				return new String[] { label, matcher.group(1), (matcher.group(2) != null) ? matcher.group(2) : "–" };
			}
		}
		this.bench.results.note("redis-benchmark " + label + " printed no result: " + output.strip());
		return new String[] { label, "–", "–" };
	}

}
