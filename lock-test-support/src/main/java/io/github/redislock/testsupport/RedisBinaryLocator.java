// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.testsupport;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import redis.embedded.core.ExecutableProvider;

/**
 * Decides which redis-server executable the fixture runs.
 * <p>
 * The order is: an explicit choice in system property {@value #BINARY_PROPERTY} or
 * environment variable {@value #BINARY_ENV} (a path, or {@value #EMBEDDED} to force the
 * embedded binary); else {@code redis-server} on the {@code PATH}, the most recent and
 * most realistic server available; else the Redis 6.2 binary of the embedded-redis jar so
 * that the build never depends on the machine. An explicit path that does not work fails
 * loudly rather than silently falling back. The choice is logged once with its version.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
public final class RedisBinaryLocator {

	/**
	 * System property naming the binary to use.
	 */
	public static final String BINARY_PROPERTY = "redis.server.binary";

	/**
	 * Environment variable naming the binary to use, read when the property is not set.
	 */
	public static final String BINARY_ENV = "REDIS_SERVER_BINARY";

	/**
	 * Value of the property or variable that forces the embedded binary.
	 */
	public static final String EMBEDDED = "embedded";

	private static final Logger logger = LoggerFactory.getLogger(RedisBinaryLocator.class);

	private static final Map<String, RedisBinary> probed = new ConcurrentHashMap<>();

	private static @Nullable RedisBinary located;

	private static @Nullable Path extracted;

	private RedisBinaryLocator() {
	}

	/**
	 * Return the binary chosen by the lookup order, resolved once per JVM.
	 * @return the binary to run
	 */
	public static synchronized RedisBinary locate() {
		if (located == null) {
			String explicit = System.getProperty(BINARY_PROPERTY);
			if (explicit == null || explicit.isBlank()) {
				explicit = System.getenv(BINARY_ENV);
			}
			located = resolve(explicit, System.getenv("PATH"));
			logger.info("Picked {} for Redis test servers", located);
		}
		return located;
	}

	/**
	 * Return {@code redis-server} found on the {@code PATH}, if any.
	 * @return the binary, or empty
	 */
	public static Optional<RedisBinary> onPath() {
		return findOnPath(System.getenv("PATH")).map((path) -> probe(path, "found on PATH"));
	}

	/**
	 * Return the Redis 6.2 binary shipped in the embedded-redis jar for this platform,
	 * extracted once per JVM into the fixture's temporary root, which is removed at exit.
	 * Its file name starts with {@code redis-server}, as the orphan watchdog expects.
	 * @return the binary
	 */
	public static synchronized RedisBinary embedded() {
		if (extracted == null || !Files.isExecutable(extracted)) {
			try {
				extracted = ExecutableProvider
					.newJarResourceProvider(() -> FixtureTempDirs.newDirectory("bin").toFile())
					.get()
					.toPath();
			}
			catch (IOException ex) {
				throw new UncheckedIOException("Cannot extract the redis-server of embedded-redis", ex);
			}
		}
		return probe(extracted, "embedded-redis jar");
	}

	/**
	 * Apply the lookup order to explicit inputs.
	 * @param explicit the explicit choice, a path or {@value #EMBEDDED}, may be
	 * {@code null}
	 * @param pathVariable the {@code PATH} to search, may be {@code null}
	 * @return the binary to run
	 */
	static RedisBinary resolve(@Nullable String explicit, @Nullable String pathVariable) {
		if (explicit != null && !explicit.isBlank()) {
			if (EMBEDDED.equalsIgnoreCase(explicit.trim())) {
				return embedded();
			}
			Path path = Path.of(explicit.trim());
			if (!Files.isRegularFile(path) || !Files.isExecutable(path)) {
				throw new IllegalStateException(
						BINARY_PROPERTY + "/" + BINARY_ENV + " names " + path + ", which is not an executable file");
			}
			return probe(path, "set by " + BINARY_PROPERTY + "/" + BINARY_ENV);
		}
		return findOnPath(pathVariable).map((path) -> probe(path, "found on PATH"))
			.orElseGet(RedisBinaryLocator::embedded);
	}

	static Optional<Path> findOnPath(@Nullable String pathVariable) {
		if (pathVariable == null) {
			return Optional.empty();
		}
		for (String directory : pathVariable.split(File.pathSeparator)) {
			if (!directory.isEmpty()) {
				Path candidate = Path.of(directory, "redis-server");
				if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
					return Optional.of(candidate);
				}
			}
		}
		return Optional.empty();
	}

	private static RedisBinary probe(Path path, String origin) {
		return probed.computeIfAbsent(path.toAbsolutePath() + "|" + origin, (key) -> RedisBinary.probe(path, origin));
	}

}
