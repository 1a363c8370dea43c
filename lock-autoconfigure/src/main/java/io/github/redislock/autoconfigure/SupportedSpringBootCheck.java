// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.autoconfigure;

import io.github.redislock.core.InvalidLockConfigurationException;
import org.jspecify.annotations.Nullable;

import org.springframework.boot.SpringBootVersion;
import org.springframework.context.annotation.ImportSelector;
import org.springframework.core.type.AnnotationMetadata;

/**
 * Refuses a Spring Boot line older than the starter is tested on, where a lock may half
 * work; an import selector, so it runs while configuration is parsed, before any bean
 * exists. An unreadable version (a repackaged jar without its manifest) is let through.
 *
 * @author redis-lock contributors
 */
class SupportedSpringBootCheck implements ImportSelector {

	/** The oldest Spring Boot line the starter supports, as major and minor version. */
	static final String MINIMUM = "3.3";

	@Override
	public String[] selectImports(AnnotationMetadata importingClassMetadata) {
		check(SpringBootVersion.getVersion());
		return new String[0];
	}

	/** Such as {@code 3.5.16} or {@code 4.1.0-RC1}; {@code null} when unknown. */
	static void check(@Nullable String version) {
		if (version != null && isOlderThanMinimum(version)) {
			throw new InvalidLockConfigurationException("lock-spring-boot-starter needs Spring Boot " + MINIMUM
					+ " or later, but this application runs Spring Boot " + version
					+ ". It does not start rather than run @RedisLock methods on a line where locking is untested.",
					"Upgrade the application to Spring Boot " + MINIMUM
							+ " or later, or remove lock-spring-boot-starter from its dependencies.");
		}
	}

	private static boolean isOlderThanMinimum(String version) {
		int[] found = majorAndMinor(version);
		int[] minimum = majorAndMinor(MINIMUM);
		if (found == null) {
			return false;
		}
		return (found[0] != minimum[0]) ? found[0] < minimum[0] : found[1] < minimum[1];
	}

	private static int @Nullable [] majorAndMinor(String version) {
		String[] parts = version.split("[.\\-]", 3);
		try {
			return new int[] { Integer.parseInt(parts[0]), (parts.length > 1) ? Integer.parseInt(parts[1]) : 0 };
		}
		catch (NumberFormatException ex) {
			return null;
		}
	}

}
