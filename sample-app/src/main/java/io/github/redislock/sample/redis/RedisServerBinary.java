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
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.jspecify.annotations.Nullable;

import org.springframework.util.StringUtils;

/**
 * The {@code redis-server} executable to run, found as the project's test fixture finds
 * it: a path or {@value #EMBEDDED} given in {@code sample.embedded-redis.binary}, else
 * {@code redis-server} on the {@code PATH}, else the build for this platform that the
 * {@code com.github.codemonstur:embedded-redis} jar ships as a resource.
 *
 * @param path the executable
 * @param origin where it was found
 * @param version the version it reports, such as {@code 7.0.15}
 * @author redis-lock contributors
 * @since 0.1.0
 */
public record RedisServerBinary(Path path, String origin, String version) {

	/**
	 * Value of {@code sample.embedded-redis.binary} that forces the binary of the
	 * embedded-redis jar even when {@code redis-server} is installed.
	 */
	public static final String EMBEDDED = "embedded";

	/**
	 * Find the binary.
	 * @param setting the value of {@code sample.embedded-redis.binary}, may be
	 * {@code null}
	 * @param extractTo the directory to extract the embedded binary to, if needed
	 * @return the binary
	 */
	static RedisServerBinary locate(@Nullable String setting, Path extractTo) {
		if (StringUtils.hasText(setting) && !EMBEDDED.equalsIgnoreCase(setting.trim())) {
			Path path = Path.of(setting.trim());
			if (!Files.isRegularFile(path) || !Files.isExecutable(path)) {
				throw new IllegalStateException(
						"sample.embedded-redis.binary names " + path + ", which is not an executable file");
			}
			return probe(path, "set by sample.embedded-redis.binary");
		}
		Path onPath = StringUtils.hasText(setting) ? null : findOnPath(System.getenv("PATH"));
		if (onPath != null) {
			return probe(onPath, "found on PATH");
		}
		return probe(extract(extractTo), "shipped in com.github.codemonstur:embedded-redis");
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

	private static Path extract(Path directory) {
		String name = resourceName(System.getProperty("os.name"), System.getProperty("os.arch"));
		Path target = directory.resolve(name);
		try (InputStream in = RedisServerBinary.class.getClassLoader().getResourceAsStream(name)) {
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

	private static RedisServerBinary probe(Path path, String origin) {
		try {
			Process process = new ProcessBuilder(path.toString(), "--version").redirectErrorStream(true).start();
			String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
			process.waitFor(5, TimeUnit.SECONDS);
			Matcher version = Pattern.compile("v=(\\S+)").matcher(output);
			return new RedisServerBinary(path, origin, version.find() ? version.group(1) : "unknown");
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot run " + path + " --version", ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return new RedisServerBinary(path, origin, "unknown");
		}
	}

	@Override
	public String toString() {
		return this.path + " (" + this.origin + ")";
	}

}
