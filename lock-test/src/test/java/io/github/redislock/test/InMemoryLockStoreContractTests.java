/*
 * Copyright 2026 the original authors.
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *      https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
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
