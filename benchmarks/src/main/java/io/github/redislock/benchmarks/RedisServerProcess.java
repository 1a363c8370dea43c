/*
 * Copyright 2026 the original authors.
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *      https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package io.github.redislock.benchmarks;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;

/**
 * A private {@code redis-server} on a free loopback port, without persistence, and a
 * control connection to read its statistics.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
final class RedisServerProcess implements AutoCloseable {

	static final String HOST = "127.0.0.1";

	private static final int ATTEMPTS = 20;

	private final Process process;

	private final int port;

	private final Path directory;

	private final RedisClient client;

	private final StatefulRedisConnection<String, String> connection;

	private RedisServerProcess(Process process, int port, Path directory) {
		this.process = process;
		this.port = port;
		this.directory = directory;
		this.client = RedisClient.create(RedisURI.create(HOST, port));
		this.connection = this.client.connect();
	}

	/**
	 * Start a server on a free port, retrying with another port when one is taken between
	 * the check and the server's bind.
	 * @param binary the {@code redis-server} executable
	 * @return the running server
	 * @throws IOException if no server could be started
	 */
	static RedisServerProcess start(String binary) throws IOException, InterruptedException {
		Path directory = Files.createTempDirectory("redislock-bench-");
		for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
			int port = freePort();
			Process process = new ProcessBuilder(binary, "--port", Integer.toString(port), "--bind", HOST, "--save", "",
					"--appendonly", "no", "--dir", directory.toString(), "--logfile", "redis.log")
				.redirectErrorStream(true)
				.redirectOutput(directory.resolve("stdout.log").toFile())
				.start();
			if (awaitListening(process, port)) {
				return new RedisServerProcess(process, port, directory);
			}
			process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
		}
		throw new IOException("Could not start " + binary + " on a free port; see " + directory);
	}

	private static int freePort() throws IOException {
		// Below the usual ephemeral range, so no outgoing connection holds it.
		for (int i = 0; i < 100; i++) {
			int candidate = ThreadLocalRandom.current().nextInt(20000, 32000);
			try (ServerSocket socket = new ServerSocket(candidate, 1, InetAddress.getByName(HOST))) {
				return candidate;
			}
			catch (IOException ex) {
				// taken: try another
			}
		}
		throw new IOException("No free loopback port found");
	}

	private static boolean awaitListening(Process process, int port) throws InterruptedException {
		long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
		while (System.nanoTime() < deadline && process.isAlive()) {
			try (Socket socket = new Socket(HOST, port)) {
				return true;
			}
			catch (IOException ex) {
				Thread.sleep(20);
			}
		}
		return false;
	}

	int port() {
		return this.port;
	}

	RedisCommands<String, String> commands() {
		return this.connection.sync();
	}

	String version() {
		return info("server").getOrDefault("redis_version", "?");
	}

	/**
	 * Read the server's counters with one {@code INFO all}, itself one socket read.
	 * @return the counters
	 */
	Snapshot snapshot() {
		Map<String, String> all = info("all");
		Map<String, Long> calls = new HashMap<>();
		all.forEach((name, value) -> {
			if (name.startsWith("cmdstat_")) {
				String count = value.substring("calls=".length(), value.indexOf(','));
				calls.put(name.substring("cmdstat_".length()), Long.parseLong(count));
			}
		});
		double cpu = Double.parseDouble(all.getOrDefault("used_cpu_user", "0"))
				+ Double.parseDouble(all.getOrDefault("used_cpu_sys", "0"));
		return new Snapshot(Long.parseLong(all.getOrDefault("total_reads_processed", "0")), cpu, calls);
	}

	Map<String, String> info(String section) {
		Map<String, String> values = new HashMap<>();
		for (String line : commands().info(section).split("\r?\n")) {
			int colon = line.indexOf(':');
			if (colon > 0 && !line.startsWith("#")) {
				values.put(line.substring(0, colon), line.substring(colon + 1).trim());
			}
		}
		return values;
	}

	/**
	 * Return the address of the control connection as Redis sees it, to tell its own
	 * commands apart in {@code MONITOR} output.
	 * @return the address, {@code host:port}
	 */
	String controlAddress() {
		String line = commands().clientInfo();
		for (String field : line.split(" ")) {
			if (field.startsWith("addr=")) {
				return field.substring("addr=".length());
			}
		}
		throw new IllegalStateException("No addr in CLIENT INFO: " + line);
	}

	@Override
	public void close() {
		try {
			commands().shutdown(false);
		}
		catch (RuntimeException ex) {
			// expected: the connection closes as the server exits
		}
		this.connection.close();
		this.client.shutdown(Duration.ZERO, Duration.ofSeconds(1));
		try {
			if (!this.process.waitFor(5, TimeUnit.SECONDS)) {
				this.process.destroyForcibly();
			}
		}
		catch (InterruptedException ex) {
			this.process.destroyForcibly();
			Thread.currentThread().interrupt();
		}
	}

	/**
	 * Server counters at one instant.
	 *
	 * @param reads the socket reads processed: a client's pipelined commands that arrive
	 * together take one, so this counts round trips rather than commands
	 * @param cpuSeconds the server's CPU time, user and system
	 * @param calls the calls per command name, commands called by scripts included
	 */
	record Snapshot(long reads, double cpuSeconds, Map<String, Long> calls) {

		/**
		 * Return the commands executed since an earlier snapshot, less the {@code INFO}
		 * that took this one.
		 * @param earlier the earlier snapshot
		 * @return the command count
		 */
		long commandsSince(Snapshot earlier) {
			long total = 0;
			for (Map.Entry<String, Long> entry : this.calls.entrySet()) {
				total += entry.getValue() - earlier.calls.getOrDefault(entry.getKey(), 0L);
			}
			return total - 1;
		}

		/**
		 * Return the socket reads since an earlier snapshot, less the {@code INFO} that
		 * took this one.
		 * @param earlier the earlier snapshot
		 * @return the read count
		 */
		long readsSince(Snapshot earlier) {
			return this.reads - earlier.reads - 1;
		}

		long calls(String command) {
			return this.calls.getOrDefault(command, 0L);
		}

	}

	@Override
	public String toString() {
		return "redis-server " + HOST + ":" + this.port + " (" + this.directory + ")";
	}

}
