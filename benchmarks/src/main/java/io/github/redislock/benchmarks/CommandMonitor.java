// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.benchmarks;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Counts the commands Redis receives, through {@code MONITOR} in a separate
 * {@code redis-cli} process (so that reading the stream costs this JVM nothing).
 * {@code MONITOR} shows commands sent by clients, each one round trip or one element of a
 * pipeline, apart from those that scripts call, which it marks {@code lua}. Commands of
 * the control connection are left out. Markers echoed through the control connection
 * delimit the counted span.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
final class CommandMonitor implements AutoCloseable {

	private static final long MARKER_TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(10);

	private final BenchServer server;

	private final Process process;

	private final Path output;

	private final String startMarker = "bench-start-" + UUID.randomUUID();

	private CommandMonitor(BenchServer server, Process process, Path output) {
		this.server = server;
		this.process = process;
		this.output = output;
	}

	/**
	 * Start monitoring, and return once the monitor sees commands.
	 * @param redisCli the {@code redis-cli} executable
	 * @param server the server to monitor
	 * @return the running monitor
	 */
	static CommandMonitor start(String redisCli, BenchServer server)
			throws IOException, InterruptedException, TimeoutException {
		Path output = Files.createTempFile("redislock-monitor-", ".txt");
		Process process = new ProcessBuilder(redisCli, "-h", BenchServer.HOST, "-p", Integer.toString(server.port()),
				"monitor")
			.redirectOutput(output.toFile())
			.redirectError(ProcessBuilder.Redirect.DISCARD)
			.start();
		CommandMonitor monitor = new CommandMonitor(server, process, output);
		monitor.awaitMarker(monitor.startMarker);
		return monitor;
	}

	/**
	 * Stop monitoring and count what was seen since the start.
	 * @return the counts
	 */
	Counts stop() throws IOException, InterruptedException, TimeoutException {
		String endMarker = "bench-end-" + UUID.randomUUID();
		List<String> lines = awaitMarker(endMarker);
		close();
		String control = "[0 " + this.server.controlAddress() + "]";
		long clientCommands = 0;
		long scripted = 0;
		Map<String, Long> byCommand = new TreeMap<>();
		boolean counting = false;
		for (String line : lines) {
			if (line.contains(this.startMarker)) {
				counting = true;
				continue;
			}
			if (line.contains(endMarker)) {
				break;
			}
			if (!counting || line.contains(control)) {
				continue;
			}
			int open = line.indexOf('[');
			int close = line.indexOf(']', open);
			if (open < 0 || close < 0) {
				continue;
			}
			String command = commandName(line.substring(close + 1));
			if (line.substring(open, close).endsWith(" lua")) {
				scripted++;
			}
			else {
				clientCommands++;
				byCommand.merge(command, 1L, Long::sum);
			}
		}
		return new Counts(clientCommands, clientCommands + scripted, byCommand);
	}

	private static String commandName(String rest) {
		int start = rest.indexOf('"');
		int end = rest.indexOf('"', start + 1);
		return (start >= 0 && end > start) ? rest.substring(start + 1, end).toUpperCase() : "?";
	}

	/** Echo the marker until the monitor has written it, then return all lines so far. */
	private List<String> awaitMarker(String marker) throws IOException, InterruptedException, TimeoutException {
		long deadline = System.nanoTime() + MARKER_TIMEOUT_NANOS;
		while (System.nanoTime() - deadline < 0) {
			this.server.commands().echo(marker);
			Thread.sleep(20);
			List<String> lines = Files.readAllLines(this.output, StandardCharsets.UTF_8);
			if (lines.stream().anyMatch((line) -> line.contains(marker))) {
				return lines;
			}
		}
		throw new TimeoutException("MONITOR did not show the marker " + marker);
	}

	@Override
	public void close() throws IOException {
		this.process.destroy();
		Files.deleteIfExists(this.output);
	}

	/**
	 * Commands counted by a monitor.
	 *
	 * @param clientCommands commands sent by clients
	 * @param commands all commands executed, those called by scripts included
	 * @param byCommand client commands by name
	 */
	record Counts(long clientCommands, long commands, Map<String, Long> byCommand) {

	}

}
