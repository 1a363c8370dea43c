// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.test;

import java.time.Duration;
import java.util.Collection;

import io.github.redislock.store.LockStore;
import org.jspecify.annotations.Nullable;

/**
 * The contract on the in-memory store, whose clock a test moves instead of waiting.
 *
 * @author redis-lock contributors
 */
class InMemoryLockStoreContractTests extends AbstractLockStoreContractTests {

	private InMemoryLockStore store;

	@Override
	protected LockStore createStore() {
		this.store = new InMemoryLockStore();
		return this.store;
	}

	@Override
	protected void letPass(Duration time) {
		this.store.advanceClock(time);
	}

	@Override
	protected Collection<String> locksInUse() {
		return this.store.lockNames();
	}

	@Override
	protected @Nullable RecordedHolder recordedHolder(String name) {
		return this.store.recordedHolder(name);
	}

}
