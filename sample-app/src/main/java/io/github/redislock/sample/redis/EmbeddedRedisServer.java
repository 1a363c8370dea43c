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

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.Comparator;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.jspecify.annotations.Nullable;

import org.springframework.util.StringUtils;

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

	/**
	 * Value of {@code sample.embedded-redis.binary} that forces the binary of the
	 * embedded-redis jar even when {@code redis-server} is installed.
	 */
	public static final String EMBEDDED = "embedded";

	private static final Duration START_TIMEOUT = Duration.ofSeconds(15);

	private static final Duration STOP_TIMEOUT = Duration.ofSeconds(5);

	private static final int START_ATTEMPTS = 3;

	private final Process process;

	private final int port;

	private final String binary;

	private final String version;

	private final Path directory;

	private EmbeddedRedisServer(Process process, int port, String binary, String version, Path directory) {
		this.process = process;
		this.port = port;
		this.binary = binary;
		this.version = version;
		this.directory = directory;
	}

	/**
	 * Start a server and wait until it answers {@code PING}.
	 * @param binarySetting a path to {@code redis-server}, {@value #EMBEDDED}, or
	 * {@code null} for the {@code PATH} then the embedded-redis jar
	 * @return the running server
	 * @throws IllegalStateException if no server could be started
	 */
	public static EmbeddedRedisServer start(@Nullable String binarySetting) {
		Path directory = createDirectory();
		try {
			Path executable;
			String origin;
			Path onPath = StringUtils.hasText(binarySetting) ? null : findOnPath(System.getenv("PATH"));
			if (onPath != null) {
				executable = onPath;
				origin = "found on PATH";
			}
			else if (!StringUtils.hasText(binarySetting) || EMBEDDED.equalsIgnoreCase(binarySetting.trim())) {
				executable = extractEmbedded(directory);
				origin = "shipped in com.github.codemonstur:embedded-redis";
			}
			else {
				executable = Path.of(binarySetting.trim());
				origin = "set by sample.embedded-redis.binary";
				if (!Files.isRegularFile(executable) || !Files.isExecutable(executable)) {
					throw new IllegalStateException(
							"sample.embedded-redis.binary names " + executable + ", which is not an executable file");
				}
			}
			String version = version(executable);
			for (int attempt = 1;; attempt++) {
				int port = freePort();
				Process process = launch(executable, port, directory);
				if (awaitPong(process, port)) {
					return new EmbeddedRedisServer(process, port, executable + " (" + origin + ")", version, directory);
				}
				stop(process);
				if (attempt == START_ATTEMPTS) {
					throw new IllegalStateException("redis-server " + executable + " did not start on " + HOST + ":"
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
	 * Return the executable and where it was found.
	 * @return a description of the binary
	 */
	public String getBinary() {
		return this.binary;
	}

	/**
	 * Return the Redis version reported by the binary.
	 * @return the version, such as {@code 7.0.15}
	 */
	public String getVersion() {
		return this.version;
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

	static @Nullable Path findOnPath(@Nullable String pathVariable) {
		if (pathVariable == null) {
			return null;
		}
		for (String entry : pathVariable.split(File.pathSeparator)) {
			Path candidate = entry.isEmpty() ? null : Path.of(entry, "redis-server");
			if (candidate != null && Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
				return candidate;
			}
		}
		return null;
	}

	/**
	 * Return the name of the resource that holds the binary for a platform.
	 * @param osName the value of {@code os.name}
	 * @param osArch the value of {@code os.arch}
	 * @return the resource name at the root of the embedded-redis jar
	 */
	static String resourceName(String osName, String osArch) {
		String os = osName.toLowerCase(Locale.ROOT);
		String arch = osArch.toLowerCase(Locale.ROOT);
		boolean x64 = arch.equals("amd64") || arch.equals("x86_64");
		boolean arm64 = arch.equals("aarch64") || arch.equals("arm64");
		if (os.contains("linux") && x64) {
			return "redis-server-6.2.6-v5-linux-amd64";
		}
		if (os.contains("linux") && arm64) {
			return "redis-server-6.2.7-linux-arm64";
		}
		if (os.contains("mac") && x64) {
			return "redis-server-6.2.6-v5-darwin-amd64";
		}
		if (os.contains("mac") && arm64) {
			return "redis-server-6.2.6-v5-darwin-arm64";
		}
		throw new IllegalStateException("embedded-redis ships no redis-server for " + osName + "/" + osArch
				+ ": install Redis, or set spring.data.redis.host and spring.data.redis.port");
	}

	private static Path extractEmbedded(Path directory) {
		String name = resourceName(System.getProperty("os.name"), System.getProperty("os.arch"));
		Path target = directory.resolve(name);
		try (InputStream in = EmbeddedRedisServer.class.getClassLoader().getResourceAsStream(name)) {
			if (in == null) {
				throw new IllegalStateException("Resource " + name + " not found: is embedded-redis on the classpath?");
			}
			Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot extract " + name, ex);
		}
		if (!target.toFile().setExecutable(true, true)) {
			throw new IllegalStateException("Cannot make " + target + " executable");
		}
		return target;
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

	private static String version(Path executable) {
		try {
			Process process = new ProcessBuilder(executable.toString(), "--version").redirectErrorStream(true).start();
			String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
			process.waitFor(5, TimeUnit.SECONDS);
			Matcher matcher = Pattern.compile("v=(\\S+)").matcher(output);
			return matcher.find() ? matcher.group(1) : "unknown";
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot run " + executable + " --version", ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return "unknown";
		}
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
		return "Redis " + this.version + " on " + HOST + ":" + this.port + " (pid " + this.process.pid() + ")";
	}

}
