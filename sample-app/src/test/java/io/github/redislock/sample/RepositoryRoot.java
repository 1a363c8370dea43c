// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.sample;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Finds files of the repository from a test of this module, whose working directory is
 * {@code sample-app} under Maven and may be the repository root in an IDE.
 *
 * @author redis-lock contributors
 */
final class RepositoryRoot {

	private RepositoryRoot() {
	}

	static Path get() {
		Path parent = Path.of("..").toAbsolutePath().normalize();
		if (Files.exists(parent.resolve("README.md")) && Files.isDirectory(parent.resolve("docs"))) {
			return parent;
		}
		Path here = Path.of("").toAbsolutePath();
		if (Files.exists(here.resolve("README.md")) && Files.isDirectory(here.resolve("docs"))) {
			return here;
		}
		throw new IllegalStateException("No README.md and docs/ in " + parent + " or " + here);
	}

	static Path resolve(String file) {
		return get().resolve(file);
	}

}
