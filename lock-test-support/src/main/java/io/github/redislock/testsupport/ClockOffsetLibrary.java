// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.testsupport;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import org.jspecify.annotations.Nullable;

/**
 * Builds, once per JVM, the {@code LD_PRELOAD} library that offsets a redis-server's wall
 * clock ({@code clock-offset.c}): {@code faketime} cannot start Debian's redis-server,
 * and a real server with a wrong clock is what a clock-skew test must face.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
final class ClockOffsetLibrary {

	/**
	 * The environment variable the library reads its offset from, in milliseconds.
	 */
	static final String OFFSET_VARIABLE = "CLOCK_OFFSET_MS";

	private static final String SOURCE = "clock-offset.c";

	private static final Duration COMPILE_TIMEOUT = Duration.ofSeconds(60);

	private static @Nullable Path library;

	private ClockOffsetLibrary() {
	}

	/**
	 * Return the compiled library, compiling it with {@code gcc} on first use.
	 * @return the shared object
	 * @throws IllegalStateException if gcc is missing or fails
	 */
	static synchronized Path path() {
		if (library == null || !Files.isRegularFile(library)) {
			library = compile();
		}
		return library;
	}

	private static Path compile() {
		Path directory = FixtureTempDirs.newDirectory("clock-offset");
		Path source = directory.resolve(SOURCE);
		Path output = directory.resolve("libclockoffset.so");
		try (InputStream in = ClockOffsetLibrary.class.getResourceAsStream(SOURCE)) {
			if (in == null) {
				throw new IllegalStateException(SOURCE + " is missing from the classpath");
			}
			Files.copy(in, source);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot write " + source, ex);
		}
		String command = "gcc -shared -fPIC -O2 -o " + output + " " + source + " -ldl";
		Process gcc;
		try {
			gcc = new ProcessBuilder(command.split(" ")).redirectErrorStream(true).start();
			gcc.getOutputStream().close();
		}
		catch (IOException ex) {
			throw new IllegalStateException("A Redis server with an offset clock needs gcc to build " + SOURCE
					+ ", and gcc cannot be run: install gcc (apt-get install gcc libc6-dev)", ex);
		}
		try {
			if (!ProcessSignals.awaitExit(gcc, COMPILE_TIMEOUT)) {
				gcc.destroyForcibly();
				throw new IllegalStateException(
						command + " did not finish within " + COMPILE_TIMEOUT.toSeconds() + " s");
			}
			String messages = new String(gcc.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
			if (gcc.exitValue() != 0 || !Files.isRegularFile(output)) {
				throw new IllegalStateException(command + " failed (install gcc and libc6-dev):\n" + messages);
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot read the output of " + command, ex);
		}
		return output;
	}

}
