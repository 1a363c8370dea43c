// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.fencing;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;

import io.github.redislock.annotation.LockContext;
import io.github.redislock.core.LockLease;
import io.github.redislock.core.LockLostException;

/**
 * A lease with a token the test chooses, bound as the current lock while some work runs:
 * the database tier of the fencing tests decides on tokens alone, so it needs no store.
 * The tokens it was asked to raise the store's above are kept for the test to read.
 *
 * @author redis-lock contributors
 */
final class FixedTokenLease implements LockLease {

	private final String name;

	private final long token;

	private final List<Long> raisedAbove;

	private FixedTokenLease(String name, long token, List<Long> raisedAbove) {
		this.name = name;
		this.token = token;
		this.raisedAbove = raisedAbove;
	}

	static <T> T runUnder(long token, Supplier<T> work) {
		return runUnder(token, new CopyOnWriteArrayList<>(), work);
	}

	/**
	 * Run the work under the token; {@code raisedAbove} receives each token a refused
	 * write asked to raise the store's tokens above.
	 */
	static <T> T runUnder(long token, List<Long> raisedAbove, Supplier<T> work) {
		LockContext previous = LockContext.bind(new FixedTokenLease("stock", token, raisedAbove));
		try {
			return work.get();
		}
		finally {
			LockContext.restore(previous);
		}
	}

	@Override
	public String getName() {
		return this.name;
	}

	@Override
	public boolean isHeld() {
		return true;
	}

	@Override
	public Duration getRemainingLease() {
		return Duration.ofMinutes(1);
	}

	@Override
	public CompletionStage<Long> fencingToken() {
		return CompletableFuture.completedFuture(this.token);
	}

	@Override
	public CompletionStage<Boolean> raiseFencingTokensAbove(long token) {
		this.raisedAbove.add(token);
		return CompletableFuture.completedFuture(true);
	}

	@Override
	public CompletionStage<Void> renew() {
		return CompletableFuture.completedFuture(null);
	}

	@Override
	public CompletionStage<Void> release() {
		return CompletableFuture.completedFuture(null);
	}

	@Override
	public CompletionStage<LockLostException> whenLost() {
		return new CompletableFuture<>();
	}

}
