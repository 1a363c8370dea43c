// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redlock;

import org.jspecify.annotations.Nullable;

/**
 * One node's reply: a value, or in {@code failure} why there is none (yet, if
 * {@code pending}).
 *
 * @param <T> the reply type
 * @author redis-lock contributors
 */
record NodeReply<T>(@Nullable T value, @Nullable String failure, boolean pending) {

	static <T> NodeReply<T> of(@Nullable T value) {
		return new NodeReply<>(value, null, false);
	}

	static <T> NodeReply<T> failed(String failure) {
		return new NodeReply<>(null, failure, false);
	}

	static <T> NodeReply<T> pending(String failure) {
		return new NodeReply<>(null, failure, true);
	}

	boolean answered() {
		return this.failure == null;
	}

}
