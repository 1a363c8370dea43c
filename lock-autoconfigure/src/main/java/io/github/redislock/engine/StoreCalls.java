// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.engine;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;

import org.springframework.core.NestedExceptionUtils;

import io.github.redislock.core.LockStoreException;
import io.github.redislock.store.LockHolder;
import io.github.redislock.store.LockStore;

/**
 * Every call the engine makes to the {@link LockStore}, so that each fails the same way:
 * a {@link LockStoreException} naming the lock and what it leaves behind, or a debug log
 * when nobody is left to tell. Interrupts end acquisitions, never give-backs.
 *
 * @author redis-lock contributors
 */
final class StoreCalls {

	private static final Logger logger = ClientLog.logger;

	/** More pending take-backs are dropped: their leases end anyway. */
	private static final int MAX_PENDING_TAKE_BACKS = 1024;

	private static final String NOT_HELD = "; the lock is not held";

	private static final String FREES_ITSELF = "; it frees itself when its lease runs out, if the release did not reach the store";

	private final LockStore store;

	private final UninterruptibleCall uninterruptible;

	private final ExecutorService takeBacks;

	private final AtomicInteger pendingTakeBacks = new AtomicInteger();

	private volatile Executor blockingCalls = Runnable::run;

	private volatile Executor waitingThreadCalls = Runnable::run;

	StoreCalls(LockStore store, EngineRuntime runtime) {
		this.store = store;
		this.uninterruptible = new UninterruptibleCall(runtime);
		this.takeBacks = runtime.threads("redis-lock-abandoned-attempts", 1);
	}

	/**
	 * For a store without non-blocking calls; a waiting thread's calls run on
	 * {@code waitingThreads}, a thread each, so that its last attempt queues behind none.
	 */
	void runBlockingCallsOn(Executor executor, Executor waitingThreads) {
		this.blockingCalls = executor;
		this.waitingThreadCalls = waitingThreads;
	}

	Duration leaseValidity(Duration leaseTime) {
		return this.store.leaseValidity(leaseTime);
	}

	/**
	 * Refuses a lease of which the store's allowance for clock drift leaves under 1 ms.
	 */
	void checkLeaseLeavesTime(Duration leaseTime, Supplier<String> what) {
		Duration validity = this.store.leaseValidity(leaseTime);
		if (validity.toNanos() < Lease.MIN_GRANTED_NANOS) {
			throw new IllegalArgumentException(what.get() + " (" + leaseTime.toMillis() + " ms) leaves "
					+ validity.toMillis() + " ms to count on once the store allows for clock drift; it must leave"
					+ " at least 1 ms");
		}
	}

	/** The wait may end without the lock for no other reason. */
	static void grantedTooLate(String name, Duration leaseTime) {
		logger.atWarn()
			.addKeyValue(ClientLog.NAME, name)
			.addKeyValue(ClientLog.OUTCOME, "granted_too_late")
			.log("Lock '{}' was granted with under 1 ms of its {} ms lease left when the answer came, and is given"
					+ " back: a lease must outlast a round trip to the store", name, leaseTime.toMillis());
	}

	boolean queuesWaiters() {
		return this.store.queuesWaiters();
	}

	/** An interrupted attempt may still have taken the lock, so it gives it back. */
	LockStore.AcquireResult tryAcquire(String name, String ownerToken, Duration leaseTime,
			LockStore.@Nullable Queueing queueing, LockHolder holder) throws InterruptedException {
		try {
			return this.store.tryAcquire(name, ownerToken, leaseTime, queueing, holder);
		}
		catch (RuntimeException ex) {
			if (cutShortByInterrupt(ex)) {
				releaseQuietly(name, ownerToken, " after an interrupted acquisition");
				throw interruption("Interrupted while acquiring lock '" + name + "'", ex);
			}
			throw failed(name, acquiring(name), NOT_HELD, ex);
		}
	}

	CompletionStage<LockStore.AcquireResult> tryAcquireAsync(String name, String ownerToken, Duration leaseTime,
			LockStore.@Nullable Queueing queueing, LockHolder holder, boolean forWaitingThread) {
		return call(forWaitingThread ? this.waitingThreadCalls : this.blockingCalls, name, acquiring(name), NOT_HELD,
				() -> tryAcquire(name, ownerToken, leaseTime, queueing, holder),
				() -> this.store.tryAcquireAsync(name, ownerToken, leaseTime, queueing, holder));
	}

	/** For a re-entry or take-over; {@code false} if the holder is not recorded. */
	boolean renew(Lease hold, Duration leaseTime) throws InterruptedException {
		try {
			return this.store.renew(hold.name(), hold.ownerToken(), leaseTime);
		}
		catch (RuntimeException ex) {
			if (cutShortByInterrupt(ex)) {
				throw interruption("Interrupted while extending the lease of lock '" + hold.name() + "'", ex);
			}
			throw failed(hold.name(), extending(hold.name()), "", ex);
		}
	}

	CompletionStage<Boolean> renewAsync(Lease hold, Duration leaseTime) {
		return call(this.blockingCalls, hold.name(), extending(hold.name()), "", () -> renew(hold, leaseTime),
				() -> this.store.renewAsync(hold.name(), hold.ownerToken(), leaseTime));
	}

	/** Uninterruptible: the store remembers a release cut short, for the retry. */
	boolean release(Lease hold) {
		try {
			return this.uninterruptible.call(() -> this.store.release(hold.name(), hold.ownerToken()));
		}
		catch (RuntimeException ex) {
			throw failed(hold.name(), releasing(hold.name()), FREES_ITSELF, ex);
		}
	}

	CompletionStage<Boolean> releaseAsync(Lease hold) {
		return call(this.blockingCalls, hold.name(), releasing(hold.name()), FREES_ITSELF, () -> release(hold),
				() -> this.store.releaseAsync(hold.name(), hold.ownerToken()));
	}

	/** Stands in for {@link #release}, leaving the lock for {@code keptFor}. */
	boolean keep(Lease hold, Duration keptFor) {
		try {
			return this.uninterruptible.call(() -> this.store.renew(hold.name(), hold.ownerToken(), keptFor));
		}
		catch (RuntimeException ex) {
			throw failed(hold.name(),
					"Could not keep lock '" + hold.name() + "' held for " + keptFor.toMillis()
							+ " ms after its release",
					"; it frees itself when its lease runs out, which may be sooner", ex);
		}
	}

	/**
	 * For a release with no caller to tell: a failure is logged only, as the lock or
	 * queue place runs out by itself. Returns whether the store recorded the owner until
	 * then.
	 */
	boolean releaseQuietly(String name, String ownerToken, String occasion) {
		try {
			return this.uninterruptible.call(() -> this.store.release(name, ownerToken));
		}
		catch (RuntimeException ex) {
			logReleaseFailed(name, occasion, ex);
			return false;
		}
	}

	/**
	 * Never fails; {@code forWaitingThread} runs a blocking call where its attempts ran.
	 */
	CompletionStage<Void> releaseQuietlyAsync(String name, String ownerToken, String occasion,
			boolean forWaitingThread) {
		if (!this.store.isNonBlocking()) {
			// It logs its own failure; on a closed client, the lease bounds the lock.
			return offload(forWaitingThread ? this.waitingThreadCalls : this.blockingCalls, name,
					() -> releaseQuietly(name, ownerToken, occasion))
				.handle((released, failure) -> null);
		}
		return nonBlocking(name, releasing(name), "", () -> this.store.releaseAsync(name, ownerToken))
			.handle((released, failure) -> {
				if (failure != null) {
					logReleaseFailed(name, occasion, failure);
				}
				return null;
			});
	}

	/**
	 * Releases under the token of an attempt that failed client-side but may still run in
	 * the store, on a thread of its own so the caller waits for no second timeout.
	 */
	void takeBack(String name, String ownerToken) {
		if (this.pendingTakeBacks.incrementAndGet() > MAX_PENDING_TAKE_BACKS) {
			this.pendingTakeBacks.decrementAndGet();
			return;
		}
		try {
			this.takeBacks.execute(() -> {
				try {
					releaseQuietly(name, ownerToken, " after an attempt that failed in the store");
				}
				finally {
					this.pendingTakeBacks.decrementAndGet();
				}
			});
		}
		catch (RejectedExecutionException ex) {
			// Closed: the lease bounds what the attempt can do.
			this.pendingTakeBacks.decrementAndGet();
		}
	}

	/**
	 * Uninterruptible; {@code null} if the store no longer records the holder. A failure
	 * is thrown: see {@link #releaseAfterFailedPass}.
	 */
	LockStore.@Nullable Reacquisition reacquire(Lease hold, String nextOwnerToken) {
		return this.uninterruptible
			.call(() -> this.store.reacquire(hold.name(), hold.ownerToken(), nextOwnerToken, hold.leaseTime()));
	}

	/**
	 * After a pass that failed, which may still have taken the lock over under the next
	 * token (its write was not acknowledged, or its reply lost): {@code true} if it had,
	 * and that lock is released now.
	 */
	boolean releaseAfterFailedPass(String name, String nextOwnerToken, RuntimeException failure) {
		logger.atDebug()
			.addKeyValue(ClientLog.NAME, name)
			.addKeyValue(ClientLog.OUTCOME, "hand_off_failed")
			.setCause(failure)
			.log("Could not pass lock '{}' on with a fresh lease; releasing it instead", name);
		return releaseQuietly(name, nextOwnerToken, " after a pass that failed");
	}

	/** Uninterruptible; {@code 0} if the store no longer records the holder. */
	long issueFencingToken(Lease hold) {
		try {
			return this.uninterruptible
				.call(() -> this.store.issueFencingToken(hold.name(), hold.ownerToken(), hold.leaseTime()));
		}
		catch (RuntimeException ex) {
			throw failed(hold.name(), fencing(hold.name()), "", ex);
		}
	}

	CompletionStage<Long> issueFencingTokenAsync(Lease hold) {
		return call(this.blockingCalls, hold.name(), fencing(hold.name()), "", () -> issueFencingToken(hold),
				() -> this.store.issueFencingTokenAsync(hold.name(), hold.ownerToken(), hold.leaseTime()));
	}

	/** Uninterruptible: raising again only raises to the same token. */
	boolean raiseFencingTokensAbove(String name, long token) {
		try {
			return this.uninterruptible.call(() -> this.store.raiseFencingTokensAbove(name, token));
		}
		catch (RuntimeException ex) {
			throw failed(name, "Could not raise the fencing tokens of lock '" + name + "' above " + token, "", ex);
		}
	}

	CompletionStage<Boolean> raiseFencingTokensAboveAsync(String name, long token) {
		return call(this.blockingCalls, name,
				"Could not raise the fencing tokens of lock '" + name + "' above " + token, "",
				() -> raiseFencingTokensAbove(name, token), () -> this.store.raiseFencingTokensAboveAsync(name, token));
	}

	List<CompletableFuture<Boolean>> renewAll(List<LockStore.LeaseRenewal> renewals, Duration timeout) {
		return this.store.renewAllAsync(renewals, timeout);
	}

	AutoCloseable subscribe(String name, String ownerToken, LockStore.ReleaseListener listener) {
		return this.store.subscribe(name, ownerToken, listener);
	}

	/** Logs a failure only: a waiter that leaves is not held up by it. */
	void unsubscribeQuietly(@Nullable AutoCloseable subscription, String name) {
		if (subscription != null) {
			try {
				subscription.close();
			}
			catch (Exception ex) {
				logger.debug("Could not unsubscribe from releases of lock '{}'", name, ex);
			}
		}
	}

	void close() {
		this.takeBacks.shutdown();
		this.uninterruptible.close();
	}

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

	private static String acquiring(String name) {
		return "Could not acquire lock '" + name + "'";
	}

	private static String extending(String name) {
		return "Could not extend the lease of lock '" + name + "'";
	}

	private static String releasing(String name) {
		return "Could not release lock '" + name + "'";
	}

	private static String fencing(String name) {
		return "Could not issue a fencing token for lock '" + name + "'";
	}

	private static LockStoreException failed(String name, String what, String consequence, Throwable failure) {
		// A store that says what it could not do (a Redlock) is not quoted inside the
		// same words.
		String message = failure.getMessage();
		if (failure instanceof LockStoreException && message != null && message.startsWith(what)) {
			return new LockStoreException(name, message + consequence, failure);
		}
		return new LockStoreException(name, what + ": " + failure(failure) + consequence, failure);
	}

	/** A thread interrupted on every retry is not a store that failed. */
	private static String failure(Throwable ex) {
		if (!(ex instanceof RuntimeException)) {
			return "the lock store failed (" + ex + ")";
		}
		if (UninterruptibleCall.isInterruption(ex)) {
			return "the thread was interrupted on every attempt";
		}
		// The store's own words (OOM, WRONGTYPE) sit below the client's wrappers.
		return "the lock store failed (" + NestedExceptionUtils.getMostSpecificCause(ex).getMessage() + ")";
	}

	private static void logReleaseFailed(String name, String occasion, Throwable failure) {
		logger.atDebug()
			.addKeyValue(ClientLog.NAME, name)
			.addKeyValue(ClientLog.OUTCOME, "release_failed")
			.setCause(failure)
			.log("Could not release lock '{}'{}; it frees itself when its lease runs out", name, occasion);
	}

	/** Clears the interrupt flag; also sees an interrupt the store's client wrapped. */
	private static boolean cutShortByInterrupt(RuntimeException ex) {
		return Thread.interrupted() || UninterruptibleCall.isInterruption(ex);
	}

	private static InterruptedException interruption(String message, Throwable cause) {
		InterruptedException interrupted = new InterruptedException(message);
		interrupted.initCause(cause);
		return interrupted;
	}

	/** On {@code blockingCalls} for a store without non-blocking calls. */
	private <T> CompletionStage<T> call(Executor blockingCalls, String name, String what, String consequence,
			BlockingCall<T> blocking, Supplier<CompletionStage<T>> call) {
		return this.store.isNonBlocking() ? nonBlocking(name, what, consequence, call)
				: offload(blockingCalls, name, blocking);
	}

	private static <T> CompletionStage<T> nonBlocking(String name, String what, String consequence,
			Supplier<CompletionStage<T>> call) {
		CompletionStage<T> answer;
		try {
			answer = call.get();
		}
		catch (RuntimeException ex) {
			return CompletableFuture.failedFuture(failed(name, what, consequence, ex));
		}
		return answer.handle((value, failure) -> {
			if (failure != null) {
				throw failed(name, what, consequence, unwrap(failure));
			}
			return value;
		});
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
