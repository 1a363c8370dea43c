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
 * The contract on a store that implements only what the SPI requires and keeps every
 * default: it neither queues waiters nor reacquires nor records holders, and passes the
 * rest of the suite, as a store author's first store would.
 *
 * @author redis-lock contributors
 */
class MinimalLockStoreContractTests extends AbstractLockStoreContractTests {

	private InMemoryLockStore delegate;

	@Override
	protected LockStore createStore() {
		this.delegate = new InMemoryLockStore();
		return new MinimalStore(this.delegate);
	}

	@Override
	protected void letPass(Duration time) {
		this.delegate.advanceClock(time);
	}

	@Override
	protected Collection<String> locksInUse() {
		return this.delegate.lockNames();
	}

	@Override
	protected @Nullable RecordedHolder recordedHolder(String name) {
		throw new UnsupportedOperationException("The store records no holders");
	}

	@Override
	protected boolean recordsHolders() {
		return false;
	}

	@Override
	protected boolean reacquires() {
		return false;
	}

	@Override
	protected void clean(LockStore store) {
		this.delegate.close();
	}

	/**
	 * The abstract methods of {@link LockStore}, and {@link #queuesWaiters()} saying that
	 * the default queueing acquisition queues nobody.
	 */
	private record MinimalStore(InMemoryLockStore delegate) implements LockStore {

		@Override
		public AcquireResult tryAcquire(String name, String ownerToken, Duration leaseTime) {
			return this.delegate.tryAcquire(name, ownerToken, leaseTime);
		}

		@Override
		public boolean queuesWaiters() {
			return false;
		}

		@Override
		public long issueFencingToken(String name, String ownerToken, Duration leaseTime) {
			return this.delegate.issueFencingToken(name, ownerToken, leaseTime);
		}

		@Override
		public boolean renew(String name, String ownerToken, Duration leaseTime) {
			return this.delegate.renew(name, ownerToken, leaseTime);
		}

		@Override
		public boolean release(String name, String ownerToken) {
			return this.delegate.release(name, ownerToken);
		}

		@Override
		public boolean forceRelease(String name) {
			return this.delegate.forceRelease(name);
		}

		@Override
		public AutoCloseable subscribe(String name, ReleaseListener listener) {
			return this.delegate.subscribe(name, listener);
		}

	}

}
