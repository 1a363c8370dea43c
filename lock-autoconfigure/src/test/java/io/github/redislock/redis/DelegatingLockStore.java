// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redis;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

import io.github.redislock.store.LockHolder;
import io.github.redislock.store.LockStore;
import org.jspecify.annotations.Nullable;

/**
 * A store that passes every call to a real one, for tests that observe or withhold one
 * kind of call and leave the rest to Redis.
 *
 * @author redis-lock contributors
 */
abstract class DelegatingLockStore implements LockStore {

	private final LockStore delegate;

	DelegatingLockStore(LockStore delegate) {
		this.delegate = delegate;
	}

	@Override
	public AcquireResult tryAcquire(String name, String ownerToken, Duration leaseTime) {
		return this.delegate.tryAcquire(name, ownerToken, leaseTime);
	}

	@Override
	public boolean queuesWaiters() {
		return this.delegate.queuesWaiters();
	}

	@Override
	public AcquireResult tryAcquire(String name, String ownerToken, Duration leaseTime, Queueing queueing) {
		return this.delegate.tryAcquire(name, ownerToken, leaseTime, queueing);
	}

	@Override
	public long issueFencingToken(String name, String ownerToken, Duration leaseTime) {
		return this.delegate.issueFencingToken(name, ownerToken, leaseTime);
	}

	@Override
	public @Nullable Reacquisition reacquire(String name, String ownerToken, String nextOwnerToken,
			Duration leaseTime) {
		return this.delegate.reacquire(name, ownerToken, nextOwnerToken, leaseTime);
	}

	@Override
	public boolean renew(String name, String ownerToken, Duration leaseTime) {
		return this.delegate.renew(name, ownerToken, leaseTime);
	}

	@Override
	public List<Boolean> renewAll(List<LeaseRenewal> renewals) {
		return this.delegate.renewAll(renewals);
	}

	@Override
	public boolean release(String name, String ownerToken) {
		return this.delegate.release(name, ownerToken);
	}

	@Override
	public boolean forceRelease(String name) {
		return this.delegate.forceRelease(name);
	}

	/**
	 * A blocking store: each call answers through the blocking method a test may
	 * override.
	 */
	@Override
	public CompletionStage<AcquireResult> tryAcquireAsync(String name, String ownerToken, Duration leaseTime,
			@Nullable Queueing queueing, LockHolder holder) {
		return LockStore.answered(() -> tryAcquire(name, ownerToken, leaseTime, queueing, holder));
	}

	@Override
	public AcquireResult tryAcquire(String name, String ownerToken, Duration leaseTime, @Nullable Queueing queueing,
			LockHolder holder) {
		return (queueing != null) ? tryAcquire(name, ownerToken, leaseTime, queueing)
				: tryAcquire(name, ownerToken, leaseTime);
	}

	@Override
	public CompletionStage<Long> issueFencingTokenAsync(String name, String ownerToken, Duration leaseTime) {
		return LockStore.answered(() -> issueFencingToken(name, ownerToken, leaseTime));
	}

	@Override
	public boolean raiseFencingTokensAbove(String name, long token) {
		return this.delegate.raiseFencingTokensAbove(name, token);
	}

	@Override
	public CompletionStage<Boolean> raiseFencingTokensAboveAsync(String name, long token) {
		return LockStore.answered(() -> raiseFencingTokensAbove(name, token));
	}

	@Override
	public CompletionStage<@Nullable Reacquisition> reacquireAsync(String name, String ownerToken,
			String nextOwnerToken, Duration leaseTime) {
		return LockStore.answered(() -> reacquire(name, ownerToken, nextOwnerToken, leaseTime));
	}

	@Override
	public CompletionStage<Boolean> renewAsync(String name, String ownerToken, Duration leaseTime) {
		return LockStore.answered(() -> renew(name, ownerToken, leaseTime));
	}

	@Override
	public List<CompletableFuture<Boolean>> renewAllAsync(List<LeaseRenewal> renewals, Duration timeout) {
		return LockStore.answeredEach(renewals.size(), () -> renewAll(renewals));
	}

	@Override
	public CompletionStage<Boolean> releaseAsync(String name, String ownerToken) {
		return LockStore.answered(() -> release(name, ownerToken));
	}

	@Override
	public CompletionStage<Boolean> forceReleaseAsync(String name) {
		return LockStore.answered(() -> forceRelease(name));
	}

	@Override
	public AutoCloseable subscribe(String name, ReleaseListener listener) {
		return this.delegate.subscribe(name, listener);
	}

	@Override
	public AutoCloseable subscribe(String name, String ownerToken, ReleaseListener listener) {
		return this.delegate.subscribe(name, ownerToken, listener);
	}

}
