// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.simulation;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

import io.github.redislock.redlock.RedlockStore;
import io.github.redislock.store.LockHolder;
import io.github.redislock.store.LockStore;

/**
 * A client's real Redlock, with the two calls the client makes of its store blocking (a
 * release that gives up a lease or takes back an attempt, and a raise of the fencing
 * tokens) sent without waiting for their answers, as the simulated single-master store
 * sends them: the simulation's one thread cannot wait for itself. Every other call is the
 * Redlock's own.
 *
 * @author redis-lock contributors
 */
final class RedlockClientStore implements LockStore {

	private final RedlockStore redlock;

	/**
	 * Whether the client is told that the Redlock queues waiters, which it ignores: the
	 * client then asks again under the token of the attempt the Redlock refused.
	 */
	private final boolean saysItQueues;

	RedlockClientStore(RedlockStore redlock, boolean saysItQueues) {
		this.redlock = redlock;
		this.saysItQueues = saysItQueues;
	}

	/** Sent without waiting: only a give-back or a give-up calls it. */
	@Override
	public boolean release(String name, String ownerToken) {
		this.redlock.releaseAsync(name, ownerToken);
		return true;
	}

	/** Sent without waiting, answered as raised, which the callers do not read. */
	@Override
	public boolean raiseFencingTokensAbove(String name, long token) {
		this.redlock.raiseFencingTokensAboveAsync(name, token);
		return true;
	}

	@Override
	public AcquireResult tryAcquire(String name, String ownerToken, Duration leaseTime) {
		return this.redlock.tryAcquire(name, ownerToken, leaseTime);
	}

	@Override
	public AcquireResult tryAcquire(String name, String ownerToken, Duration leaseTime, Queueing queueing) {
		return this.redlock.tryAcquire(name, ownerToken, leaseTime, queueing);
	}

	@Override
	public AcquireResult tryAcquire(String name, String ownerToken, Duration leaseTime, Queueing queueing,
			LockHolder holder) {
		return this.redlock.tryAcquire(name, ownerToken, leaseTime, queueing, holder);
	}

	@Override
	public Duration leaseValidity(Duration leaseTime) {
		return this.redlock.leaseValidity(leaseTime);
	}

	@Override
	public boolean queuesWaiters() {
		return this.saysItQueues || this.redlock.queuesWaiters();
	}

	@Override
	public boolean isNonBlocking() {
		return this.redlock.isNonBlocking();
	}

	@Override
	public CompletionStage<AcquireResult> tryAcquireAsync(String name, String ownerToken, Duration leaseTime,
			Queueing queueing, LockHolder holder) {
		return this.redlock.tryAcquireAsync(name, ownerToken, leaseTime, queueing, holder);
	}

	@Override
	public long issueFencingToken(String name, String ownerToken, Duration leaseTime) {
		return this.redlock.issueFencingToken(name, ownerToken, leaseTime);
	}

	@Override
	public CompletionStage<Long> issueFencingTokenAsync(String name, String ownerToken, Duration leaseTime) {
		return this.redlock.issueFencingTokenAsync(name, ownerToken, leaseTime);
	}

	@Override
	public CompletionStage<Boolean> raiseFencingTokensAboveAsync(String name, long token) {
		return this.redlock.raiseFencingTokensAboveAsync(name, token);
	}

	@Override
	public boolean renew(String name, String ownerToken, Duration leaseTime) {
		return this.redlock.renew(name, ownerToken, leaseTime);
	}

	@Override
	public CompletionStage<Boolean> renewAsync(String name, String ownerToken, Duration leaseTime) {
		return this.redlock.renewAsync(name, ownerToken, leaseTime);
	}

	@Override
	public List<Boolean> renewAll(List<LeaseRenewal> renewals) {
		return this.redlock.renewAll(renewals);
	}

	@Override
	public List<CompletableFuture<Boolean>> renewAllAsync(List<LeaseRenewal> renewals, Duration timeout) {
		return this.redlock.renewAllAsync(renewals, timeout);
	}

	@Override
	public CompletionStage<Boolean> releaseAsync(String name, String ownerToken) {
		return this.redlock.releaseAsync(name, ownerToken);
	}

	@Override
	public boolean forceRelease(String name) {
		return this.redlock.forceRelease(name);
	}

	@Override
	public CompletionStage<Boolean> forceReleaseAsync(String name) {
		return this.redlock.forceReleaseAsync(name);
	}

	@Override
	public AutoCloseable subscribe(String name, ReleaseListener listener) {
		return this.redlock.subscribe(name, listener);
	}

}
