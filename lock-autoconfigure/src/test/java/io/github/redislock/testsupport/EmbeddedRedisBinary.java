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

package io.github.redislock.testsupport;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;

/**
 * Extracts the redis-server executable shipped as a resource of the
 * {@code com.github.codemonstur:embedded-redis} test dependency.
 * <p>
 * It is the fallback when no redis-server is installed, so that the build works on any
 * Linux or macOS machine with only Maven. Only the resource is used, not that library's
 * Java API: the fixture manages processes itself. The file is extracted once per JVM into
 * the fixture's temporary root, which is removed at exit.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
final class EmbeddedRedisBinary {

	private static Path extracted;

	private EmbeddedRedisBinary() {
	}

	/**
	 * Return the resource name of the binary for an operating system and architecture.
	 * @param osName the value of {@code os.name}
	 * @param osArch the value of {@code os.arch}
	 * @return the resource name at the root of the embedded-redis jar
	 * @throws IllegalStateException if no binary is shipped for that platform
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
		throw new IllegalStateException("embedded-redis ships no redis-server for " + osName + "/" + osArch);
	}

	/**
	 * Extract the binary for the current platform, once per JVM.
	 * @return the executable file
	 */
	static synchronized Path extract() {
		if (extracted != null && Files.isExecutable(extracted)) {
			return extracted;
		}
		String name = resourceName(System.getProperty("os.name"), System.getProperty("os.arch"));
		// The file name keeps "redis-server" at the front: the process name is derived
		// from it and the orphan watchdog checks it.
		Path target = FixtureTempDirs.newDirectory("bin").resolve(name);
		try (InputStream in = EmbeddedRedisBinary.class.getClassLoader().getResourceAsStream(name)) {
			if (in == null) {
				throw new IllegalStateException(
						"Resource " + name + " not found: is com.github.codemonstur:embedded-redis on the classpath?");
			}
			Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot extract " + name, ex);
		}
		if (!target.toFile().setExecutable(true, true)) {
			throw new IllegalStateException("Cannot make " + target + " executable");
		}
		extracted = target;
		return target;
	}

}
