// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.engine;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicReference;

import io.github.redislock.core.LockInstrumentation;
import io.github.redislock.core.LockLease;
import io.github.redislock.core.LockLostException;

/**
 * The {@link LockLease} of an asynchronous holder; its stages complete on the client's
 * executor, never on a Redis client thread.
 *
 * @author redis-lock contributors
 */
final class AsyncLease implements LockLease {

	private final Lease hold;

	private final AsyncLocks locks;

	private final Executor completions;

	private final AtomicReference<CompletableFuture<Void>> release = new AtomicReference<>();

	private final CompletableFuture<LockLostException> lost = new CompletableFuture<>();

	AsyncLease(Lease hold, AsyncLocks locks, Executor completions) {
		this.hold = hold;
		this.locks = locks;
		this.completions = completions;
		hold.onLoss((reason) -> {
			// Over, as if released: nothing waits for a release that may never come.
			locks.forget(this);
			this.completions.execute(() -> this.lost.complete(hold.lostWhileHeld(reason)));
		});
	}

	Lease hold() {
		return this.hold;
	}

	@Override
	public String getName() {
		return this.hold.name();
	}

	@Override
	public boolean isHeld() {
		return this.hold.isValid();
	}

	@Override
	public Duration getRemainingLease() {
		return Duration.ofNanos(this.hold.remainingNanos());
	}

	@Override
	public CompletionStage<Long> fencingToken() {
		if (this.release.get() != null) {
			return CompletableFuture.failedFuture(released());
		}
		long token = this.hold.fencingToken();
		if (token != 0) {
			return CompletableFuture.completedFuture(token);
		}
		return inCompletions(this.locks.fencingToken(this.hold));
	}

	@Override
	public CompletionStage<Boolean> raiseFencingTokensAbove(long token) {
		return inCompletions(this.locks.raiseFencingTokensAbove(this.hold.name(), token));
	}

	@Override
	public CompletionStage<Void> renew() {
		if (this.release.get() != null) {
			return CompletableFuture.failedFuture(released());
		}
		return inCompletions(this.locks.renew(this.hold));
	}

	@Override
	public CompletionStage<Void> release() {
		CompletableFuture<Void> released = new CompletableFuture<>();
		if (!this.release.compareAndSet(null, released)) {
			return this.release.get().copy();
		}
		LockInstrumentation.Hold observed = this.hold.observed();
		inCompletions(this.locks.release(this)).whenComplete((ignored, failure) -> {
			observed.ended(this.hold.fencingToken());
			if (failure != null) {
				released.completeExceptionally(failure);
			}
			else {
				released.complete(null);
			}
		});
		return released.copy();
	}

	@Override
	public CompletionStage<LockLostException> whenLost() {
		return this.lost.copy();
	}

	private IllegalStateException released() {
		return new IllegalStateException("Lock '" + this.hold.name() + "' was released through this lease");
	}

	private <T> CompletionStage<T> inCompletions(CompletionStage<T> stage) {
		CompletableFuture<T> answer = new CompletableFuture<>();
		stage.whenComplete((value, failure) -> {
			Throwable cause = (failure != null) ? StoreCalls.unwrap(failure) : null;
			if (cause instanceof LockLostException && this.hold.isLost()) {
				// Whoever is told of the loss finds whenLost() complete.
				this.lost.whenComplete((ignored, none) -> answer.completeExceptionally(cause));
			}
			else {
				this.completions.execute(() -> {
					if (cause != null) {
						answer.completeExceptionally(cause);
					}
					else {
						answer.complete(value);
					}
				});
			}
		});
		return answer;
	}

	@Override
	public String toString() {
		return "LockLease '" + this.hold.name() + "'";
	}

}
