// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.testsupport;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A redis-server executable together with the version it reports and where it came from.
 * <p>
 * The version matters because the fixture adapts to it (for instance
 * {@code CLUSTER ADDSLOTSRANGE} only exists from Redis 7.0) and because a test failure is
 * much easier to read when the log says which server produced it.
 *
 * @param path the executable
 * @param version the version reported by {@code redis-server --version}, such as
 * {@code 7.0.15}
 * @param origin where the executable was found, for log messages
 * @author redis-lock contributors
 * @since 0.1.0
 */
public record RedisBinary(Path path, String version, String origin) {

	private static final Pattern VERSION = Pattern.compile("v=(\\d+)\\.(\\d+)\\.(\\d+)");

	private static final Duration PROBE_TIMEOUT = Duration.ofSeconds(10);

	/**
	 * Run {@code <path> --version} and describe the executable.
	 * @param path the executable
	 * @param origin where it was found
	 * @return the binary
	 * @throws IllegalStateException if the executable cannot be run or does not look like
	 * redis-server
	 */
	public static RedisBinary probe(Path path, String origin) {
		String output;
		try {
			Process process = new ProcessBuilder(path.toString(), "--version").redirectErrorStream(true).start();
			process.getOutputStream().close();
			if (!ProcessSignals.awaitExit(process, PROBE_TIMEOUT)) {
				process.destroyForcibly();
				throw new IllegalStateException(path + " --version did not finish");
			}
			output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
		}
		catch (IOException ex) {
			throw new IllegalStateException("Cannot run " + path + " --version", ex);
		}
		Matcher matcher = VERSION.matcher(output);
		if (!output.startsWith("Redis server") || !matcher.find()) {
			throw new IllegalStateException(path + " does not look like redis-server: " + output);
		}
		return new RedisBinary(path, matcher.group(1) + "." + matcher.group(2) + "." + matcher.group(3), origin);
	}

	/**
	 * Return whether this server is at least the given version.
	 * @param major the minimum major version
	 * @param minor the minimum minor version
	 * @return {@code true} if the version is equal or newer
	 */
	public boolean isAtLeast(int major, int minor) {
		String[] parts = this.version.split("\\.");
		int actualMajor = Integer.parseInt(parts[0]);
		int actualMinor = Integer.parseInt(parts[1]);
		return actualMajor > major || (actualMajor == major && actualMinor >= minor);
	}

	@Override
	public String toString() {
		return "redis-server " + this.version + " (" + this.path + ", " + this.origin + ")";
	}

}
