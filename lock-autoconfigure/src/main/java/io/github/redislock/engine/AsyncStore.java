// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.engine;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Supplier;

import io.github.redislock.core.LockStoreException;
import io.github.redislock.store.LockHolder;
import io.github.redislock.store.LockStore;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;

/**
 * Store calls for asynchronous holders: the store's non-blocking calls if it has them,
 * else its blocking ones on client threads, so that no caller's thread waits. Every
 * failure completes the stage with a {@link LockStoreException} naming the lock.
 *
 * @author redis-lock contributors
 */
final class AsyncStore {

	private static final Logger logger = ClientLog.logger;

	private final GuardedStore store;

	private final Executor blockingCalls;

	private final Executor waitingThreadCalls;

	private final AbandonedAttempts abandoned;

	/**
	 * Store calls on the given threads.
	 * @param store the store
	 * @param blockingCalls runs the blocking calls of asynchronous holders
	 * @param waitingThreadCalls runs the blocking attempts made for a waiting thread, one
	 * thread each, so that they never queue behind other locks' attempts: a waiting
	 * thread's last attempt may start just before its wait ends, and must then be sent at
	 * once
	 * @param runtime the engine's runtime
	 */
	AsyncStore(GuardedStore store, Executor blockingCalls, Executor waitingThreadCalls, EngineRuntime runtime) {
		this.store = store;
		this.blockingCalls = blockingCalls;
		this.waitingThreadCalls = waitingThreadCalls;
		this.abandoned = new AbandonedAttempts(store, runtime);
	}

	private @Nullable LockStore async() {
		return this.store.unguarded().isNonBlocking() ? this.store.unguarded() : null;
	}

	Duration leaseValidity(Duration leaseTime) {
		return this.store.leaseValidity(leaseTime);
	}

	boolean queuesWaiters() {
		return this.store.queuesWaiters();
	}

	AutoCloseable subscribe(String name, String ownerToken, LockStore.ReleaseListener listener) {
		return this.store.subscribe(name, ownerToken, listener);
	}

	void unsubscribeQuietly(@Nullable AutoCloseable subscription, String name) {
		this.store.unsubscribeQuietly(subscription, name);
	}

	CompletionStage<LockStore.AcquireResult> tryAcquire(String name, String ownerToken, Duration leaseTime,
			LockStore.@Nullable Queueing queueing, LockHolder holder, boolean forWaitingThread) {
		LockStore async = async();
		if (async == null) {
			return offload(forWaitingThread ? this.waitingThreadCalls : this.blockingCalls, name,
					() -> this.store.tryAcquire(name, ownerToken, leaseTime, queueing, holder));
		}
		return call(name, "Could not acquire lock '" + name + "'", "; the lock is not held",
				() -> async.tryAcquireAsync(name, ownerToken, leaseTime, queueing, holder));
	}

	CompletionStage<Boolean> renew(Lease hold, Duration leaseTime) {
		LockStore async = async();
		if (async == null) {
			return offload(hold.name(), () -> this.store.renew(hold, leaseTime));
		}
		return call(hold.name(), "Could not extend the lease of lock '" + hold.name() + "'", "",
				() -> async.renewAsync(hold.name(), hold.ownerToken(), leaseTime));
	}

	CompletionStage<Boolean> release(Lease hold) {
		LockStore async = async();
		if (async == null) {
			return offload(hold.name(), () -> this.store.release(hold, hold.isValid()));
		}
		return call(hold.name(), "Could not release lock '" + hold.name() + "'",
				"; it frees itself when its lease runs out, if the release did not reach the store",
				() -> async.releaseAsync(hold.name(), hold.ownerToken()));
	}

	CompletionStage<Long> issueFencingToken(Lease hold) {
		LockStore async = async();
		if (async == null) {
			return offload(hold.name(), () -> this.store.issueFencingToken(hold));
		}
		return call(hold.name(), "Could not issue a fencing token for lock '" + hold.name() + "'", "",
				() -> async.issueFencingTokenAsync(hold.name(), hold.ownerToken(), hold.leaseTime()));
	}

	CompletionStage<Boolean> raiseFencingTokensAbove(String name, long token) {
		return offload(name, () -> this.store.raiseFencingTokensAbove(name, token));
	}

	/** Logs a failure only; the stage never completes exceptionally. */
	CompletionStage<Void> releaseQuietly(String name, String ownerToken, String occasion) {
		return releaseQuietly(name, ownerToken, occasion, false);
	}

	/**
	 * Logs a failure only; the stage never completes exceptionally. A release for a
	 * waiting thread, which its wait may end with, runs as its attempts do.
	 */
	CompletionStage<Void> releaseQuietly(String name, String ownerToken, String occasion, boolean forWaitingThread) {
		LockStore async = async();
		if (async == null) {
			CompletableFuture<Void> done = new CompletableFuture<>();
			try {
				(forWaitingThread ? this.waitingThreadCalls : this.blockingCalls).execute(() -> {
					try {
						this.store.releaseQuietly(name, ownerToken, occasion);
					}
					finally {
						done.complete(null);
					}
				});
			}
			catch (RejectedExecutionException ex) {
				// Closed: the lease bounds how long the lock stays taken.
				done.complete(null);
			}
			return done;
		}
		return call(name, "Could not release lock '" + name + "'", "", () -> async.releaseAsync(name, ownerToken))
			.handle((released, failure) -> {
				if (failure != null) {
					logger.atDebug()
						.addKeyValue(ClientLog.NAME, name)
						.addKeyValue(ClientLog.OUTCOME, "release_failed")
						.setCause(failure)
						.log("Could not release lock '{}'{}; it frees itself when its lease runs out", name, occasion);
				}
				return null;
			});
	}

	/** A reply that did not come in time may hide an attempt that ran: undo it. */
	void takeBack(String name, String ownerToken) {
		this.abandoned.takeBack(name, ownerToken);
	}

	void close() {
		this.abandoned.close();
	}

	/** The stage's failure as a {@link LockStoreException}, wrapped if it is not one. */
	static LockStoreException storeFailure(String name, Throwable failure) {
		Throwable cause = unwrap(failure);
		if (cause instanceof LockStoreException storeFailure) {
			return storeFailure;
		}
		return new LockStoreException(name, "The lock store failed on lock '" + name + "' (" + cause + ")", cause);
	}

	static Throwable unwrap(Throwable failure) {
		return (failure instanceof CompletionException && failure.getCause() != null) ? failure.getCause() : failure;
	}

	private static <T> CompletionStage<T> call(String name, String what, String consequence,
			Supplier<CompletionStage<T>> call) {
		CompletionStage<T> answer;
		try {
			answer = call.get();
		}
		catch (RuntimeException ex) {
			return CompletableFuture.failedFuture(translate(name, what, consequence, ex));
		}
		return answer.handle((value, failure) -> {
			if (failure != null) {
				throw translate(name, what, consequence, unwrap(failure));
			}
			return value;
		});
	}

	private static LockStoreException translate(String name, String what, String consequence, Throwable failure) {
		String cause = (failure instanceof RuntimeException runtime) ? GuardedStore.failure(runtime)
				: "the lock store failed (" + failure + ")";
		return new LockStoreException(name, what + ": " + cause + consequence, failure);
	}

	private <T> CompletionStage<T> offload(String name, BlockingCall<T> call) {
		return offload(this.blockingCalls, name, call);
	}

	private <T> CompletionStage<T> offload(Executor executor, String name, BlockingCall<T> call) {
		CompletableFuture<T> answer = new CompletableFuture<>();
		try {
			executor.execute(() -> {
				try {
					answer.complete(call.call());
				}
				catch (LockStoreException ex) {
					answer.completeExceptionally(ex);
				}
				catch (InterruptedException ex) {
					// Only the client's own shutdown interrupts these threads.
					Thread.currentThread().interrupt();
					answer.completeExceptionally(new LockStoreException(name,
							"The lock client stopped while lock '" + name + "' was being asked for", ex));
				}
				catch (RuntimeException | Error ex) {
					answer.completeExceptionally(new LockStoreException(name,
							"The lock store failed on lock '" + name + "' (" + ex + ")", ex));
				}
			});
		}
		catch (RejectedExecutionException ex) {
			answer.completeExceptionally(new LockStoreException(name,
					"The lock client is closed: nothing can be asked of the store for lock '" + name + "'", ex));
		}
		return answer;
	}

	@FunctionalInterface
	private interface BlockingCall<T> {

		T call() throws InterruptedException;

	}

}
