// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.testsupport;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A test JVM killed with SIGKILL runs no shutdown hook; its servers must die anyway,
 * thanks to their {@link OrphanWatchdog}, and its directories must go.
 *
 * @author redis-lock contributors
 */
class KilledJvmCleanupTests {

	@Test
	void serversOfAKilledJvmDieAndTheirDirectoriesAreRemoved() throws Exception {
		RedisBinary binary = RedisBinaryLocator.locate();
		String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
		Process jvm = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
				"-D" + RedisBinaryLocator.BINARY_PROPERTY + "=" + binary.path(), KilledJvmProbe.class.getName())
			.redirectErrorStream(true)
			.start();
		List<String[]> nodes = new ArrayList<>();
		try {
			CompletableFuture<Void> ready = CompletableFuture.runAsync(() -> readNodes(jvm, nodes));
			ready.get(30, TimeUnit.SECONDS);
		}
		finally {
			jvm.destroyForcibly();
			assertThat(jvm.waitFor(10, TimeUnit.SECONDS)).isTrue();
		}
		assertThat(nodes).hasSize(2);
		for (String[] node : nodes) {
			long pid = Long.parseLong(node[1]);
			int port = Integer.parseInt(node[2]);
			Path directory = Path.of(node[3]);
			await("orphan redis-server " + pid + " to die").atMost(Duration.ofSeconds(10))
				.until(() -> ProcessSignals.isGone(pid) && FreePorts.isClosed(port) && !Files.exists(directory));
		}
		Path childRoot = Path.of(nodes.get(0)[3]).getParent();
		FixtureTempDirs.sweepStale();
		assertThat(childRoot).doesNotExist();
	}

	private static void readNodes(Process jvm, List<String[]> nodes) {
		try (BufferedReader reader = new BufferedReader(
				new InputStreamReader(jvm.getInputStream(), StandardCharsets.UTF_8))) {
			StringBuilder output = new StringBuilder();
			String line;
			while ((line = reader.readLine()) != null) {
				output.append(line).append('\n');
				if (line.startsWith("NODE ")) {
					nodes.add(line.split(" ", 4));
				}
				if (line.equals("READY")) {
					return;
				}
			}
			throw new IllegalStateException("Probe JVM ended before READY:\n" + output);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
