// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.autoconfigure;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.core.env.Environment;

/**
 * Two services on one Redis that both lock {@code order:42} under the default prefix
 * exclude each other without knowing; a named service that did not choose its prefix is
 * told once, at start-up. Setting the prefix, even to the default, is the choice.
 */
final class SharedLockNamesWarning {

	static final String KEY_PREFIX = "redis-lock.key-prefix";

	private static final String DEFAULT_PREFIX = new RedisLockProperties().getKeyPrefix();

	private static final Logger logger = LoggerFactory.getLogger(SharedLockNamesWarning.class);

	private SharedLockNamesWarning() {
	}

	static void warnIfShared(Environment environment, RedisLockProperties properties) {
		String application = environment.getProperty("spring.application.name");
		if (application == null || application.isBlank() || !DEFAULT_PREFIX.equals(properties.getKeyPrefix())
				|| Binder.get(environment).bind(KEY_PREFIX, String.class).isBound()) {
			return;
		}
		logger.warn("Application '{}' locks under the default key prefix '{}': every service on this Redis that "
				+ "also uses it shares its locks, and the same lock name excludes across them. Set {}={}{} for locks "
				+ "of this service only, or set {}={} to share them on purpose", application, DEFAULT_PREFIX,
				KEY_PREFIX, application, ":" + DEFAULT_PREFIX, KEY_PREFIX, DEFAULT_PREFIX);
	}

}
