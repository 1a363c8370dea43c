// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.interceptor;

import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import java.util.function.Supplier;

import io.github.redislock.core.AcquiredLock;
import io.github.redislock.core.LockDefinition;
import io.github.redislock.core.LockLease;
import io.github.redislock.core.LockOperations;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.util.function.SingletonSupplier;

/**
 * The interceptor's lock operations, looked up at the first lock: proxy creation asks the
 * advisor for its interceptor while bean types are determined, and ahead-of-time
 * processing must not connect to Redis then.
 *
 * @author redis-lock contributors
 */
final class LockOperationsOnFirstUse implements LockOperations {

	private final SingletonSupplier<LockOperations> locks;

	LockOperationsOnFirstUse(ObjectProvider<LockOperations> locks) {
		this.locks = SingletonSupplier.of(locks::getObject);
	}

	@Override
	public <T> T execute(LockDefinition definition, Supplier<T> action) {
		return this.locks.obtain().execute(definition, action);
	}

	@Override
	public void executeWithoutResult(LockDefinition definition, Runnable action) {
		this.locks.obtain().executeWithoutResult(definition, action);
	}

	@Override
	public Optional<AcquiredLock> tryAcquire(LockDefinition definition) {
		return this.locks.obtain().tryAcquire(definition);
	}

	@Override
	public <T> CompletionStage<T> executeAsync(LockDefinition definition,
			Function<? super LockLease, ? extends CompletionStage<T>> action) {
		return this.locks.obtain().executeAsync(definition, action);
	}

	@Override
	public CompletionStage<Optional<LockLease>> tryAcquireAsync(LockDefinition definition) {
		return this.locks.obtain().tryAcquireAsync(definition);
	}

	@Override
	public String toString() {
		return "LockOperations (looked up at the first lock)";
	}

}
