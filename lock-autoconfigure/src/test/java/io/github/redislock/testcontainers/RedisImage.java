// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.testcontainers;

import java.util.Locale;

/**
 * The Redis images the contract tests run on. Each is a setting, so that a machine
 * without access to a registry can use images of its own (CI builds them from the local
 * binaries): a system property, else the environment variable of the same name in upper
 * case with underscores, else the official image.
 *
 * @author redis-lock contributors
 */
enum RedisImage {

	/**
	 * The oldest Redis the starter supports.
	 */
	REDIS_6_2("lock-test.redis62-image", "redis:6.2", "6.2."),

	/**
	 * The current line, as Debian ships it.
	 */
	REDIS_7("lock-test.redis7-image", "redis:7.0", "7.");

	private final String property;

	private final String defaultName;

	private final String versionPrefix;

	RedisImage(String property, String defaultName, String versionPrefix) {
		this.property = property;
		this.defaultName = defaultName;
		this.versionPrefix = versionPrefix;
	}

	/**
	 * Return the image to run.
	 * @return the image name, such as {@code redis:6.2}
	 */
	String imageName() {
		String name = System.getProperty(this.property);
		if (name == null || name.isBlank()) {
			name = System.getenv(environmentVariable());
		}
		return (name == null || name.isBlank()) ? this.defaultName : name.trim();
	}

	/**
	 * Return the environment variable read when the system property is not set.
	 * @return the variable, such as {@code LOCK_TEST_REDIS62_IMAGE}
	 */
	String environmentVariable() {
		return this.property.replace('.', '_').replace('-', '_').toUpperCase(Locale.ROOT);
	}

	/**
	 * Return how the server's {@code redis_version} starts, so that an image setting that
	 * names the wrong Redis fails the run instead of testing the wrong version.
	 * @return the version prefix, such as {@code 6.2.}
	 */
	String versionPrefix() {
		return this.versionPrefix;
	}

}
