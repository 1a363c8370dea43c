// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.test;

import java.time.Duration;
import java.util.Collection;
import java.util.concurrent.CompletionStage;

import io.github.redislock.store.LockHolder;
import io.github.redislock.store.LockStore;
import org.jspecify.annotations.Nullable;

/**
 * The contract on a store that implements only what the SPI requires and keeps every
 * default it may: it neither queues waiters nor reacquires nor records holders, renews a
 * batch one lease at a time, and passes the rest of the suite, as a store author's first
 * store would.
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
	 * its acquisition ignores queueing.
	 */
	private record MinimalStore(InMemoryLockStore delegate) implements LockStore {

		/** Neither queues the caller nor records who holds the lock. */
		@Override
		public CompletionStage<AcquireResult> tryAcquireAsync(String name, String ownerToken, Duration leaseTime,
				@Nullable Queueing queueing, LockHolder holder) {
			return LockStore.answered(() -> this.delegate.tryAcquire(name, ownerToken, leaseTime));
		}

		@Override
		public boolean queuesWaiters() {
			return false;
		}

		@Override
		public CompletionStage<Long> issueFencingTokenAsync(String name, String ownerToken, Duration leaseTime) {
			return LockStore.answered(() -> this.delegate.issueFencingToken(name, ownerToken, leaseTime));
		}

		@Override
		public CompletionStage<Boolean> renewAsync(String name, String ownerToken, Duration leaseTime) {
			return LockStore.answered(() -> this.delegate.renew(name, ownerToken, leaseTime));
		}

		@Override
		public CompletionStage<Boolean> releaseAsync(String name, String ownerToken) {
			return LockStore.answered(() -> this.delegate.release(name, ownerToken));
		}

		@Override
		public CompletionStage<Boolean> forceReleaseAsync(String name) {
			return LockStore.answered(() -> this.delegate.forceRelease(name));
		}

		@Override
		public AutoCloseable subscribe(String name, ReleaseListener listener) {
			return this.delegate.subscribe(name, listener);
		}

	}

}
