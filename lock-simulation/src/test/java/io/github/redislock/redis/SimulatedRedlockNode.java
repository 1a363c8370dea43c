// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.redis;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

import io.github.redislock.store.LockHolder;

import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * A Redlock node's store over one simulated master: the Redlock takes Redis lock stores,
 * so this one, which never connects, answers every call the Redlock makes of a node
 * through a {@link SimulatedLockStore}. A call the Redlock does not make fails loudly.
 *
 * @author redis-lock contributors
 */
public final class SimulatedRedlockNode extends RedisLockStore {

	/**
	 * Never connects: one for every node, run and thread, as making one costs more than a
	 * run's calls.
	 */
	private static final StringRedisTemplate UNCONNECTED = new StringRedisTemplate(new LettuceConnectionFactory());

	private final SimulatedLockStore node;

	public SimulatedRedlockNode(SimulatedLockStore node) {
		super(UNCONNECTED, "lock:", ReplicaAcknowledgement.NONE, false);
		this.node = node.unqueued();
	}

	public SimulatedLockStore node() {
		return this.node;
	}

	@Override
	public boolean isNonBlocking() {
		return true;
	}

	@Override
	public void setHolderDetails(boolean holderDetails) {
	}

	@Override
	public CompletionStage<AcquireResult> tryAcquireAsync(String name, String ownerToken, Duration leaseTime,
			Queueing queueing, LockHolder holder) {
		return this.node.tryAcquireAsync(name, ownerToken, leaseTime, queueing, holder);
	}

	@Override
	public CompletionStage<Boolean> giveBackAsync(String name, String ownerToken) {
		return this.node.giveBackAsync(name, ownerToken);
	}

	@Override
	public CompletionStage<Long> issueFencingTokenAsync(String name, String ownerToken, Duration leaseTime) {
		return this.node.issueFencingTokenAsync(name, ownerToken, leaseTime);
	}

	@Override
	public CompletionStage<Boolean> raiseFencingTokenAsync(String name, String ownerToken, long token) {
		return this.node.raiseFencingTokenAsync(name, ownerToken, token);
	}

	@Override
	public CompletionStage<Long> lastFencingTokenAsync(String name) {
		return this.node.lastFencingTokenAsync(name);
	}

	@Override
	public CompletionStage<Boolean> raiseFencingTokensAboveAsync(String name, long token) {
		return this.node.raiseFencingTokensAboveAsync(name, token);
	}

	@Override
	public CompletionStage<Boolean> renewAsync(String name, String ownerToken, Duration leaseTime) {
		return this.node.renewAsync(name, ownerToken, leaseTime);
	}

	@Override
	public List<CompletableFuture<Boolean>> renewAllAsync(List<LeaseRenewal> renewals, Duration timeout) {
		return this.node.renewAllAsync(renewals, timeout);
	}

	@Override
	public CompletionStage<Boolean> releaseAsync(String name, String ownerToken) {
		return this.node.releaseAsync(name, ownerToken);
	}

	@Override
	public CompletionStage<Boolean> forceReleaseAsync(String name) {
		return this.node.forceReleaseAsync(name);
	}

	@Override
	public AutoCloseable subscribe(String name, ReleaseListener listener) {
		return this.node.subscribe(name, listener);
	}

	@Override
	public AutoCloseable subscribe(String name, String ownerToken, ReleaseListener listener) {
		return this.node.subscribe(name, ownerToken, listener);
	}

	@Override
	public AcquireResult tryAcquire(String name, String ownerToken, Duration leaseTime, Queueing queueing,
			LockHolder holder) {
		throw blocking();
	}

	@Override
	public boolean giveBack(String name, String ownerToken) {
		throw blocking();
	}

	@Override
	public long issueFencingToken(String name, String ownerToken, Duration leaseTime) {
		throw blocking();
	}

	@Override
	public boolean raiseFencingToken(String name, String ownerToken, long token) {
		throw blocking();
	}

	@Override
	public long lastFencingToken(String name) {
		throw blocking();
	}

	@Override
	public boolean raiseFencingTokensAbove(String name, long token) {
		throw blocking();
	}

	@Override
	public boolean renew(String name, String ownerToken, Duration leaseTime) {
		throw blocking();
	}

	@Override
	public List<Boolean> renewAll(List<LeaseRenewal> renewals) {
		throw blocking();
	}

	@Override
	public boolean release(String name, String ownerToken) {
		throw blocking();
	}

	@Override
	public boolean forceRelease(String name) {
		throw blocking();
	}

	private static UnsupportedOperationException blocking() {
		return new UnsupportedOperationException("The simulation runs on one thread: blocking store calls cannot");
	}

}
