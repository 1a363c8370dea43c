// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.scheduling;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import io.github.redislock.testsupport.RedisNode;
import io.github.redislock.testsupport.RedisServerExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Four instances in JVMs of their own, whose schedulers' clocks are up to a second apart,
 * fire a {@code @Scheduled @RedisLock} job every 2 s that takes 20 ms: every tick runs on
 * exactly one instance, none is missed. The same job scheduled where the starter cannot
 * see it, locked only with {@code waitTime = 0}, runs ticks more than once, since an
 * instance whose clock is behind fires after the first run released the lock.
 *
 * @author redis-lock contributors
 */
class ScheduledJobRunsOncePerTickAcrossSkewedInstancesTests {

	private static final long[] CLOCK_OFFSETS = { 0, 333, 667, 1000 };

	private static final int TICKS = 16;

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	@Test
	void everyTickRunsOnceWhileTheSameJobLockedOnlyWithWaitTimeZeroRunsTicksTwice() throws Exception {
		RedisNode server = redis.standalone();
		List<Process> instances = new ArrayList<>();
		List<Path> outputs = new ArrayList<>();
		try {
			for (int i = 0; i < CLOCK_OFFSETS.length; i++) {
				Path output = Files.createTempFile("scheduled-job-instance", ".log");
				outputs.add(output);
				instances.add(start(server.port(), CLOCK_OFFSETS[i], "instance-" + i, output));
			}
			await().atMost(Duration.ofSeconds(120))
				.pollInterval(Duration.ofMillis(200))
				.until(() -> outputs.stream().allMatch((output) -> read(output).contains("READY")));
			long firstTick = currentTick() + 2;
			long lastTick = firstTick + TICKS - 1;
			await().atMost(Duration.ofMillis((TICKS + 8) * ScheduledJobInstance.PERIOD_MILLIS))
				.pollInterval(Duration.ofMillis(200))
				.until(() -> currentTick() > lastTick + 1);

			Map<Long, List<String>> report = runs(server, "report", firstTick, lastTick);
			Map<Long, List<String>> control = runs(server, "control", firstTick, lastTick);
			assertThat(report.keySet()).as("ticks run").hasSize(TICKS);
			assertThat(report).as("instances that ran each tick").allSatisfy((tick, ran) -> assertThat(ran).hasSize(1));
			assertThat(control.values().stream().filter((ran) -> ran.size() > 1).count())
				.as("control ticks run more than once, of %d: %s", control.size(), control)
				.isGreaterThan(TICKS / 2);
		}
		finally {
			instances.forEach(Process::destroyForcibly);
			for (Process instance : instances) {
				instance.waitFor(30, TimeUnit.SECONDS);
			}
			for (Path output : outputs) {
				Files.deleteIfExists(output);
			}
		}
	}

	private static Process start(int port, long clockOffset, String name, Path output) throws IOException {
		List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx192m",
				"-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"),
				ScheduledJobInstance.class.getName(), Integer.toString(port), Long.toString(clockOffset), name);
		return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile()).start();
	}

	private static long currentTick() {
		return Math.round((double) System.currentTimeMillis() / ScheduledJobInstance.PERIOD_MILLIS);
	}

	private static Map<Long, List<String>> runs(RedisNode server, String job, long firstTick, long lastTick) {
		List<?> recorded = (List<?>) server.command("LRANGE", "runs:" + job, "0", "-1");
		return recorded.stream()
			.map(String::valueOf)
			.map((run) -> run.split(" "))
			.filter((run) -> Long.parseLong(run[0]) >= firstTick && Long.parseLong(run[0]) <= lastTick)
			.collect(Collectors.groupingBy((run) -> Long.parseLong(run[0]), TreeMap::new,
					Collectors.mapping((run) -> run[1], Collectors.toList())));
	}

	private static String read(Path output) {
		try {
			return Files.readString(output, StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			return "";
		}
	}

}
