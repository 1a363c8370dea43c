// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.testsupport;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Tests for {@link RedisBinaryLocator}: explicit choice first, then the PATH, then the
 * embedded binary.
 *
 * @author redis-lock contributors
 */
class RedisBinaryLocatorTests {

	@Test
	void explicitEmbeddedForcesTheEmbeddedBinary() {
		RedisBinary binary = RedisBinaryLocator.resolve("embedded", "/usr/bin:/bin");
		assertThat(binary.origin()).isEqualTo("embedded-redis jar");
		assertThat(binary.version()).startsWith("6.2.");
		assertThat(Files.isExecutable(binary.path())).isTrue();
		assertThat(binary.path().getFileName().toString()).startsWith("redis-server-6.2");
	}

	@Test
	void embeddedBinaryIsExtractedOncePerJvm() {
		assertThat(RedisBinaryLocator.embedded().path()).isEqualTo(RedisBinaryLocator.embedded().path());
	}

	@Test
	void explicitPathWins() {
		RedisBinary embedded = RedisBinaryLocator.embedded();
		RedisBinary binary = RedisBinaryLocator.resolve(embedded.path().toString(), "/usr/bin:/bin");
		assertThat(binary.path()).isEqualTo(embedded.path());
		assertThat(binary.origin()).contains(RedisBinaryLocator.BINARY_PROPERTY);
	}

	@Test
	void explicitPathThatIsNotExecutableFails(@TempDir Path dir) {
		assertThatIllegalStateException()
			.isThrownBy(() -> RedisBinaryLocator.resolve(dir.resolve("missing").toString(), "/usr/bin:/bin"))
			.withMessageContaining("not an executable file");
	}

	@Test
	void pathIsSearchedBeforeFallingBackToEmbedded() {
		assumeTrue(RedisBinaryLocator.findOnPath(System.getenv("PATH")).isPresent(), "no redis-server on the PATH");
		RedisBinary binary = RedisBinaryLocator.resolve(null, System.getenv("PATH"));
		assertThat(binary.origin()).isEqualTo("found on PATH");
	}

	@Test
	void fallsBackToEmbeddedWhenPathHasNoServer(@TempDir Path emptyDir) {
		RedisBinary binary = RedisBinaryLocator.resolve(" ", emptyDir.toString());
		assertThat(binary.origin()).isEqualTo("embedded-redis jar");
	}

	@Test
	void comparesVersions() {
		RedisBinary binary = new RedisBinary(Path.of("redis-server"), "7.0.15", "test");
		assertThat(binary.isAtLeast(7, 0)).isTrue();
		assertThat(binary.isAtLeast(6, 2)).isTrue();
		assertThat(binary.isAtLeast(7, 2)).isFalse();
		assertThat(binary.isAtLeast(8, 0)).isFalse();
	}

}
