// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.interceptor;

import org.jspecify.annotations.Nullable;

import org.springframework.aot.hint.MemberCategory;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.RuntimeHintsRegistrar;

/**
 * SpEL reads {@code #root.methodName} and its neighbours through the getters of
 * {@link LockExpressionRootObject}, found by reflection.
 *
 * @author redis-lock contributors
 */
final class LockExpressionRuntimeHints implements RuntimeHintsRegistrar {

	@Override
	public void registerHints(RuntimeHints hints, @Nullable ClassLoader classLoader) {
		hints.reflection().registerType(LockExpressionRootObject.class, MemberCategory.INVOKE_PUBLIC_METHODS);
	}

}
