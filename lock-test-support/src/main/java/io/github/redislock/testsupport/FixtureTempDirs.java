// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Owns the temporary directories of the fixture: one root per JVM, named after the JVM's
 * pid, holding one private directory per server and the extracted embedded binary.
 * <p>
 * Servers never share a directory, so their RDB, cluster and sentinel files cannot clash.
 * Directories are removed when their server is closed, the root when the JVM exits; a JVM
 * killed by SIGKILL leaves its (emptied) root behind, so creating a root first sweeps
 * roots whose JVM is no longer alive.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
final class FixtureTempDirs {

	static final String ROOT_PREFIX = "redislock-fixture-";

	private static final Logger logger = LoggerFactory.getLogger(FixtureTempDirs.class);

	private static @Nullable Path root;

	private FixtureTempDirs() {
	}

	/**
	 * Return this JVM's root directory, creating it on first use.
	 * @return the root directory
	 */
	static synchronized Path root() {
		if (root == null || !Files.isDirectory(root)) {
			sweepStale();
			try {
				root = Files.createTempDirectory(ROOT_PREFIX + ProcessHandle.current().pid() + "-");
			}
			catch (IOException ex) {
				throw new UncheckedIOException("Cannot create the fixture's temporary directory", ex);
			}
		}
		return root;
	}

	/**
	 * Create a fresh directory under the root.
	 * @param name a readable prefix for the directory name
	 * @return the new directory
	 */
	static Path newDirectory(String name) {
		try {
			return Files.createTempDirectory(root(), name + "-");
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot create a directory for " + name, ex);
		}
	}

	/**
	 * Delete this JVM's root directory with everything left in it.
	 */
	static synchronized void deleteRoot() {
		if (root != null) {
			deleteRecursively(root);
			root = null;
		}
	}

	/**
	 * Delete the roots of JVMs that are no longer alive.
	 * @return how many roots were deleted
	 */
	static int sweepStale() {
		Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
		int deleted = 0;
		try (Stream<Path> entries = Files.list(tmp)) {
			for (Path entry : entries.filter(FixtureTempDirs::isRootOfDeadJvm).toList()) {
				logger.info("Removing {} left behind by a JVM that died", entry);
				deleteRecursively(entry);
				deleted++;
			}
		}
		catch (IOException | UncheckedIOException ex) {
			logger.debug("Cannot sweep stale fixture directories in {}", tmp, ex);
		}
		return deleted;
	}

	/**
	 * Delete a file or a directory tree, logging instead of failing.
	 * @param path the path to delete
	 */
	static void deleteRecursively(Path path) {
		if (!Files.exists(path)) {
			return;
		}
		try (Stream<Path> tree = Files.walk(path)) {
			List<Path> paths = tree.sorted(Comparator.reverseOrder()).toList();
			for (Path each : paths) {
				Files.deleteIfExists(each);
			}
		}
		catch (IOException | UncheckedIOException ex) {
			logger.warn("Cannot delete {}: {}", path, ex.toString());
		}
	}

	private static boolean isRootOfDeadJvm(Path path) {
		String name = path.getFileName().toString();
		if (!name.startsWith(ROOT_PREFIX) || !Files.isDirectory(path)) {
			return false;
		}
		String rest = name.substring(ROOT_PREFIX.length());
		int dash = rest.indexOf('-');
		try {
			long pid = Long.parseLong((dash < 0) ? rest : rest.substring(0, dash));
			return pid != ProcessHandle.current().pid() && ProcessSignals.isGone(pid);
		}
		catch (NumberFormatException ex) {
			return false;
		}
	}

}
