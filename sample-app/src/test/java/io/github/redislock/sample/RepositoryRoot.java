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
