// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.autoconfigure;

import java.util.stream.Stream;

import org.jspecify.annotations.Nullable;

import org.springframework.aot.hint.MemberCategory;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.RuntimeHintsRegistrar;
import org.springframework.aot.hint.TypeReference;

/**
 * Redlock nodes call the application's Lettuce customizers by reflection, as their
 * interfaces live in different packages on Spring Boot 3 and 4.
 *
 * @author redis-lock contributors
 */
final class RedlockClientRuntimeHints implements RuntimeHintsRegistrar {

	@Override
	public void registerHints(RuntimeHints hints, @Nullable ClassLoader classLoader) {
		Stream
			.concat(Stream.of(RedlockClientConfigurer.CLIENT_OPTIONS_CUSTOMIZERS),
					Stream.of(RedlockClientConfigurer.CLIENT_CONFIGURATION_CUSTOMIZERS))
			.forEach((type) -> hints.reflection()
				.registerType(TypeReference.of(type), MemberCategory.INVOKE_PUBLIC_METHODS));
	}

}
