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
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * How the sample finds the redis-server it runs.
 *
 * @author redis-lock contributors
 */
class RedisServerBinaryTests {

	@TempDir
	Path directory;

	@Test
	void resourceNamesCoverTheFourPlatformsEmbeddedRedisShips() {
		assertThat(RedisServerBinary.resourceName("Linux", "amd64")).isEqualTo("redis-server-6.2.6-v5-linux-amd64");
		assertThat(RedisServerBinary.resourceName("Linux", "aarch64")).isEqualTo("redis-server-6.2.7-linux-arm64");
		assertThat(RedisServerBinary.resourceName("Mac OS X", "x86_64"))
			.isEqualTo("redis-server-6.2.6-v5-darwin-amd64");
		assertThat(RedisServerBinary.resourceName("Mac OS X", "aarch64"))
			.isEqualTo("redis-server-6.2.6-v5-darwin-arm64");
		assertThatIllegalStateException().isThrownBy(() -> RedisServerBinary.resourceName("Windows 11", "amd64"))
			.withMessageContaining("spring.data.redis.host");
	}

	@Test
	void thePathIsSearchedForAnExecutableRedisServer() throws IOException {
		Path empty = Files.createDirectory(this.directory.resolve("empty"));
		Path bin = Files.createDirectory(this.directory.resolve("bin"));
		Path server = Files.createFile(bin.resolve("redis-server"));
		assertThat(server.toFile().setExecutable(true)).isTrue();

		assertThat(RedisServerBinary.findOnPath(empty + File.pathSeparator + bin)).isEqualTo(server);
		assertThat(RedisServerBinary.findOnPath(empty.toString())).isNull();
		assertThat(RedisServerBinary.findOnPath(null)).isNull();
	}

	@Test
	void anExplicitPathThatIsNotExecutableFailsInsteadOfFallingBack() {
		assertThatIllegalStateException()
			.isThrownBy(() -> RedisServerBinary.locate(this.directory.resolve("missing").toString(), this.directory))
			.withMessageContaining("sample.embedded-redis.binary");
	}

	@Test
	void embeddedExtractsTheShippedBinaryAndReadsItsVersion() {
		RedisServerBinary binary = RedisServerBinary.locate(RedisServerBinary.EMBEDDED, this.directory);

		assertThat(binary.path()).startsWith(this.directory).isExecutable();
		assertThat(binary.origin()).contains("embedded-redis");
		assertThat(binary.version()).startsWith("6.2.");
	}

}
