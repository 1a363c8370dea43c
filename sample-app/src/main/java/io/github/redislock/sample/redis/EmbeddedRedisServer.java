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
package io.github.redislock.sample.redis;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.jspecify.annotations.Nullable;

/**
 * One {@code redis-server} process on a free loopback port, with persistence off, so that
 * the sample runs on a machine where Redis is neither installed nor configured. The
 * executable is {@code redis-server} on the {@code PATH}, else the build for this
 * platform that the {@code com.github.codemonstur:embedded-redis} jar ships as a resource
 * (the same lookup as the project's test fixture).
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
public final class EmbeddedRedisServer implements AutoCloseable {

	/**
	 * The only interface the server listens on.
	 */
	public static final String HOST = "127.0.0.1";

	private static final Duration START_TIMEOUT = Duration.ofSeconds(15);

	private static final Duration STOP_TIMEOUT = Duration.ofSeconds(5);

	private static final int START_ATTEMPTS = 3;

	private final Process process;

	private final int port;

	private final RedisServerBinary binary;

	private final Path directory;

	private EmbeddedRedisServer(Process process, int port, RedisServerBinary binary, Path directory) {
		this.process = process;
		this.port = port;
		this.binary = binary;
		this.directory = directory;
	}

	/**
	 * Start a server and wait until it answers {@code PING}.
	 * @param binarySetting a path to {@code redis-server},
	 * {@value RedisServerBinary#EMBEDDED}, or {@code null} for the {@code PATH} then the
	 * embedded-redis jar
	 * @return the running server
	 * @throws IllegalStateException if no server could be started
	 */
	public static EmbeddedRedisServer start(@Nullable String binarySetting) {
		Path directory = createDirectory();
		try {
			RedisServerBinary binary = RedisServerBinary.locate(binarySetting, directory);
			for (int attempt = 1;; attempt++) {
				int port = freePort();
				Process process = launch(binary.path(), port, directory);
				if (awaitPong(process, port)) {
					return new EmbeddedRedisServer(process, port, binary, directory);
				}
				stop(process);
				if (attempt == START_ATTEMPTS) {
					throw new IllegalStateException("redis-server " + binary.path() + " did not start on " + HOST + ":"
							+ port + "; see " + directory.resolve("redis.log"));
				}
			}
		}
		catch (RuntimeException ex) {
			deleteQuietly(directory);
			throw ex;
		}
	}

	/**
	 * Return the port the server listens on.
	 * @return the port
	 */
	public int getPort() {
		return this.port;
	}

	/**
	 * Return the executable, where it was found and its version.
	 * @return the binary
	 */
	public RedisServerBinary getBinary() {
		return this.binary;
	}

	/**
	 * Return whether the process is alive.
	 * @return whether the server runs
	 */
	public boolean isRunning() {
		return this.process.isAlive();
	}

	/**
	 * Stop the process and delete its directory. Does nothing the second time.
	 */
	@Override
	public void close() {
		stop(this.process);
		deleteQuietly(this.directory);
	}

	private static Process launch(Path executable, int port, Path directory) {
		// No RDB or AOF files: the sample's Redis holds only locks, and nothing of it
		// should outlive the run.
		ProcessBuilder builder = new ProcessBuilder(executable.toString(), "--port", Integer.toString(port), "--bind",
				HOST, "--save", "", "--appendonly", "no", "--dir", directory.toString())
			.redirectErrorStream(true)
			.redirectOutput(ProcessBuilder.Redirect.appendTo(directory.resolve("redis.log").toFile()));
		try {
			return builder.start();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot run " + executable, ex);
		}
	}

	private static boolean awaitPong(Process process, int port) {
		long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
		while (process.isAlive() && System.nanoTime() < deadline) {
			try (Socket socket = new Socket()) {
				socket.connect(new InetSocketAddress(HOST, port), 200);
				socket.setSoTimeout(1000);
				OutputStream out = socket.getOutputStream();
				out.write("PING\r\n".getBytes(StandardCharsets.US_ASCII));
				out.flush();
				byte[] reply = socket.getInputStream().readNBytes(5);
				if ("+PONG".equals(new String(reply, StandardCharsets.US_ASCII))) {
					return true;
				}
			}
			catch (IOException ex) {
				// Not listening yet (or the port was taken): wait and try again.
			}
			try {
				process.waitFor(50, TimeUnit.MILLISECONDS);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				return false;
			}
		}
		return false;
	}

	private static int freePort() {
		try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName(HOST))) {
			return socket.getLocalPort();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("No free port on " + HOST, ex);
		}
	}

	private static void stop(Process process) {
		process.destroy();
		try {
			if (!process.waitFor(STOP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
				process.destroyForcibly().waitFor(STOP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
			}
		}
		catch (InterruptedException ex) {
			process.destroyForcibly();
			Thread.currentThread().interrupt();
		}
	}

	private static Path createDirectory() {
		try {
			return Files.createTempDirectory("sample-redis-");
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot create a directory for redis-server", ex);
		}
	}

	private static void deleteQuietly(Path directory) {
		try (Stream<Path> files = Files.walk(directory)) {
			files.sorted(Comparator.reverseOrder()).forEach((file) -> file.toFile().delete());
		}
		catch (IOException | UncheckedIOException ex) {
			// A leftover temporary directory is harmless.
		}
	}

	@Override
	public String toString() {
		return "Redis " + this.binary.version() + " on " + HOST + ":" + this.port + " (pid " + this.process.pid() + ")";
	}

}
