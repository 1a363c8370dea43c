// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.actuate;

import org.jspecify.annotations.Nullable;

import org.springframework.aot.hint.BindingReflectionHintsRegistrar;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.RuntimeHintsRegistrar;
import org.springframework.util.ClassUtils;

import io.github.redislock.actuate.LocksEndpoint.LockRelease;
import io.github.redislock.actuate.LocksEndpoint.LocksReport;

/**
 * The {@code locks} endpoint's answers are records that Jackson writes through their
 * accessors, found by reflection; only where Actuator is present.
 *
 * @author redis-lock contributors
 */
final class LocksEndpointRuntimeHints implements RuntimeHintsRegistrar {

	private static final String ENDPOINT = "org.springframework.boot.actuate.endpoint.annotation.Endpoint";

	@Override
	public void registerHints(RuntimeHints hints, @Nullable ClassLoader classLoader) {
		if (ClassUtils.isPresent(ENDPOINT, classLoader)) {
			new BindingReflectionHintsRegistrar().registerReflectionHints(hints.reflection(), LocksReport.class,
					LockRelease.class);
		}
	}

}
