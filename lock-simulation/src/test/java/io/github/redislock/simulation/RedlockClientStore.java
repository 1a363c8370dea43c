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
 * A client's real Redlock. A blocking call waits for the Redlock's answer through
 * {@link CallerThreads} when a blocking caller's thread makes it; on the simulation's own
 * thread, which cannot wait for itself, the two blocking calls the client makes there (a
 * release that gives up a lease or takes back an attempt, and a raise of the fencing
 * tokens) are sent without waiting, as the simulated single-master store sends them.
 *
 * @author redis-lock contributors
 */
final class RedlockClientStore implements LockStore {

	private final RedlockStore redlock;

	private final CallerThreads callerThreads;

	/**
	 * Whether the client is told that the Redlock queues waiters, which it ignores: the
	 * client then asks again under the token of the attempt the Redlock refused.
	 */
	private final boolean saysItQueues;

	RedlockClientStore(RedlockStore redlock, CallerThreads callerThreads, boolean saysItQueues) {
		this.redlock = redlock;
		this.callerThreads = callerThreads;
		this.saysItQueues = saysItQueues;
	}

	private boolean onCallerThread() {
		return this.callerThreads != null && this.callerThreads.isCallerThread();
	}

	private <T> T await(CompletionStage<T> call) {
		if (!onCallerThread()) {
			throw new UnsupportedOperationException(
					"The simulation's own thread cannot wait for a store call: it answers them");
		}
		return this.callerThreads.awaitStoreCall(call);
	}

	/** Sent without waiting on the simulation's thread: only a give-back or a give-up. */
	@Override
	public boolean release(String name, String ownerToken) {
		CompletionStage<Boolean> released = this.redlock.releaseAsync(name, ownerToken);
		return !onCallerThread() || this.callerThreads.awaitStoreCall(released);
	}

	/** Sent without waiting on the simulation's thread, answered as raised. */
	@Override
	public boolean raiseFencingTokensAbove(String name, long token) {
		CompletionStage<Boolean> raised = this.redlock.raiseFencingTokensAboveAsync(name, token);
		return !onCallerThread() || this.callerThreads.awaitStoreCall(raised);
	}

	@Override
	public AcquireResult tryAcquire(String name, String ownerToken, Duration leaseTime) {
		return tryAcquire(name, ownerToken, leaseTime, null);
	}

	@Override
	public AcquireResult tryAcquire(String name, String ownerToken, Duration leaseTime, Queueing queueing) {
		return tryAcquire(name, ownerToken, leaseTime, queueing, LockHolder.currentThread(null));
	}

	@Override
	public AcquireResult tryAcquire(String name, String ownerToken, Duration leaseTime, Queueing queueing,
			LockHolder holder) {
		return await(tryAcquireAsync(name, ownerToken, leaseTime, queueing, holder));
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
		return await(issueFencingTokenAsync(name, ownerToken, leaseTime));
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
		return await(renewAsync(name, ownerToken, leaseTime));
	}

	@Override
	public CompletionStage<Boolean> renewAsync(String name, String ownerToken, Duration leaseTime) {
		return this.redlock.renewAsync(name, ownerToken, leaseTime);
	}

	@Override
	public List<Boolean> renewAll(List<LeaseRenewal> renewals) {
		List<CompletableFuture<Boolean>> replies = renewAllAsync(renewals,
				Duration.ofNanos(Network.COMMAND_TIMEOUT_NANOS));
		return await(CompletableFuture.allOf(replies.toArray(CompletableFuture[]::new))
			.thenApply((done) -> replies.stream().map(CompletableFuture::join).toList()));
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
		return await(forceReleaseAsync(name));
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
