// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.redis;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import io.github.redislock.testsupport.RedisServerExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The blocking lock on virtual threads: ten thousand of them contend for four locks, in a
 * JVM of Java 21 or later (this JVM if it is one, else the newest JDK found beside it,
 * such as the Temurin 25 installed on the CI machine, or the one {@code java21.home}
 * names). Every thread is served, the counters end exact, the virtual-thread scheduler
 * never adds a carrier beyond its parallelism (it would to make up for a carrier pinned
 * in a wait), and JFR records no virtual thread pinned in the starter's code. A client
 * told to use virtual threads completes asynchronous holders' stages on them.
 *
 * @author redis-lock contributors
 */
class VirtualThreadsTests {

	private static final int THREADS = 10_000;

	private static final int KEYS = 4;

	private static final int PARALLELISM = 2;

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	@Test
	void tenThousandVirtualThreadsOnFourLocksAreAllServedWithoutPinningACarrier() throws Exception {
		Optional<Path> java = javaWithVirtualThreads();
		assumeTrue(java.isPresent(), "No JDK 21 or later found: set java21.home to run this test");
		Map<String, String> result = run(java.get(), redis.standalone().port());
		assertThat(result).as("the probe's result; the pinned stacks it printed: %s", result.get("pinnedStacks"))
			.containsEntry("done", "true")
			.containsEntry("served", Integer.toString(THREADS))
			.containsEntry("failed", "0")
			.containsEntry("counted", Integer.toString(THREADS))
			.containsEntry("pinnedInLocks", "0")
			.containsEntry("asyncVirtual", "true");
		assertThat(Integer.parseInt(result.get("maxCarriers"))).as("carrier threads").isBetween(1, PARALLELISM);
	}

	private static Map<String, String> run(Path java, int port) throws IOException, InterruptedException {
		List<String> command = List.of(java.toString(), "-Djdk.virtualThreadScheduler.parallelism=" + PARALLELISM,
				"-cp", System.getProperty("java.class.path"), VirtualThreadContentionProbe.class.getName(),
				Integer.toString(port), Integer.toString(THREADS), Integer.toString(KEYS));
		Path output = Files.createTempFile("virtual-threads-probe", ".log");
		try {
			Process jvm = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile()).start();
			try {
				assertThat(jvm.waitFor(6, TimeUnit.MINUTES)).as("probe JVM ended").isTrue();
			}
			finally {
				jvm.destroyForcibly();
			}
			List<String> lines = Files.readAllLines(output, StandardCharsets.UTF_8);
			String last = lines.stream()
				.filter((line) -> line.startsWith("RESULT "))
				.findFirst()
				.orElseThrow(() -> new AssertionError("The probe printed no result:\n" + String.join("\n", lines)));
			Map<String, String> result = new HashMap<>();
			for (String pair : last.substring("RESULT ".length()).split(" ")) {
				String[] parts = pair.split("=", 2);
				result.put(parts[0], parts[1]);
			}
			int pinned = lines
				.indexOf(lines.stream().filter((line) -> line.startsWith("PINNED")).findFirst().orElse(""));
			result.put("pinnedStacks", (pinned < 0) ? "none"
					: String.join("\n", lines.subList(pinned, Math.min(lines.size(), pinned + 80))));
			return result;
		}
		finally {
			Files.delete(output);
		}
	}

	/**
	 * This JVM if it has virtual threads, else the one {@code java21.home} names, else
	 * the newest JDK of 21 or later among the usual installation directories.
	 */
	static Optional<Path> javaWithVirtualThreads() throws IOException {
		if (Runtime.version().feature() >= 21) {
			return Optional.of(Path.of(System.getProperty("java.home"), "bin", "java"));
		}
		String configured = System.getProperty("java21.home", System.getenv("JAVA21_HOME"));
		if (configured != null && !configured.isBlank()) {
			return Optional.of(Path.of(configured, "bin", "java"));
		}
		List<Path> candidates = new ArrayList<>();
		for (String directory : List.of("/usr/lib/jvm", "/opt/java", "/usr/local/lib/jvm")) {
			Path root = Path.of(directory);
			if (Files.isDirectory(root)) {
				try (Stream<Path> jdks = Files.list(root)) {
					jdks.filter((jdk) -> featureVersion(jdk) >= 21).forEach(candidates::add);
				}
			}
		}
		return candidates.stream()
			.max((a, b) -> Integer.compare(featureVersion(a), featureVersion(b)))
			.map((jdk) -> jdk.resolve("bin").resolve("java"))
			.filter(Files::isExecutable);
	}

	private static int featureVersion(Path jdk) {
		Path release = jdk.resolve("release");
		if (!Files.isRegularFile(release)) {
			return 0;
		}
		try {
			for (String line : Files.readAllLines(release, StandardCharsets.UTF_8)) {
				if (line.startsWith("JAVA_VERSION=")) {
					String version = line.substring("JAVA_VERSION=".length()).replace("\"", "");
					return Integer.parseInt(version.split("[.+-]")[0]);
				}
			}
		}
		catch (IOException | NumberFormatException ex) {
			return 0;
		}
		return 0;
	}

}
