// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.engine;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;

import io.github.redislock.core.LockBackoff;
import io.github.redislock.core.LockClientClosedException;
import io.github.redislock.core.LockDefinition;
import io.github.redislock.core.LockInstrumentation;
import io.github.redislock.core.LockLease;
import io.github.redislock.store.LockHolder;
import io.github.redislock.store.LockStore;
import org.jspecify.annotations.Nullable;

import org.springframework.core.task.SimpleAsyncTaskExecutor;

/**
 * Locks of non-thread holders, and every store wait: each an {@link Acquisition} queued
 * in the store. Callers' stages complete on {@code executor}, never a Redis client
 * thread.
 *
 * @author redis-lock contributors
 */
final class AsyncLocks implements AutoCloseable {

	private final StoreCalls store;

	private final OwnerTokens owners;

	private final LockBackoff backoff;

	private final LeaseKeeper leases;

	private final BooleanSupplier stopping;

	private final EngineRuntime runtime;

	private final ScheduledExecutorService timer;

	private final ExecutorService platformThreads;

	/** Runs the blocking store attempts of waiting threads, one thread each. */
	private final ExecutorService waitingThreadCalls;

	/** {@link #waitingThreadCalls}, or a virtual thread for each; set before use. */
	private volatile Executor waitingThreadExecutor;

	/** Also runs a store's blocking calls when it has no others; set before use. */
	private volatile Executor executor;

	private @Nullable SimpleAsyncTaskExecutor virtualThreads;

	/** Keyed by when each began, so that they are listed and woken alike on every run. */
	private final ConcurrentSkipListMap<Long, Acquisition> waiting = new ConcurrentSkipListMap<>();

	private final AtomicLong waits = new AtomicLong();

	private final Set<AsyncLease> held = new ConcurrentSkipListSet<>(
			Comparator.comparing(AsyncLease::hold, Lease.IN_CREATION_ORDER));

	private volatile LockInstrumentation instrumentation = LockInstrumentation.NONE;

	AsyncLocks(StoreCalls store, OwnerTokens owners, LockBackoff backoff, LeaseKeeper leases, BooleanSupplier stopping,
			EngineRuntime runtime) {
		this.runtime = runtime;
		this.owners = owners;
		this.backoff = backoff;
		this.leases = leases;
		this.stopping = stopping;
		this.timer = runtime.timer("redis-lock-async-timer");
		this.platformThreads = runtime.threads("redis-lock-async-",
				Math.max(2, Runtime.getRuntime().availableProcessors()));
		// At most one per thread that waits on a store whose calls block.
		this.waitingThreadCalls = runtime.threads("redis-lock-wait-call-", Integer.MAX_VALUE);
		this.executor = this.platformThreads;
		this.waitingThreadExecutor = this.waitingThreadCalls;
		this.store = store;
		store.runBlockingCallsOn((task) -> this.executor.execute(task),
				(task) -> this.waitingThreadExecutor.execute(task));
	}

	void setInstrumentation(LockInstrumentation instrumentation) {
		this.instrumentation = instrumentation;
	}

	/** Continuations and store calls may block: a virtual thread for each task. */
	void useVirtualThreads() {
		SimpleAsyncTaskExecutor virtualThreads = new SimpleAsyncTaskExecutor("redis-lock-async-");
		virtualThreads.setVirtualThreads(true);
		this.virtualThreads = virtualThreads;
		this.waitingThreadExecutor = virtualThreads;
		this.executor = virtualThreads;
	}

	CompletableFuture<Optional<LockLease>> tryAcquire(LockDefinition definition) {
		String name = definition.name();
		this.store.checkLeaseLeavesTime(definition.leaseTime(), () -> "Lease time of lock '" + name + "'");
		CompletableFuture<Optional<LockLease>> answer = new CompletableFuture<>();
		if (this.stopping.getAsBoolean()) {
			answer.completeExceptionally(new LockClientClosedException(name));
			return answer;
		}
		LockInstrumentation.Acquisition observed = this.instrumentation.asyncAcquisitionStarted(name,
				definition.label());
		Acquisition acquisition = acquisition(name, this.owners.newHold(), definition.leaseTime(), definition.renew(),
				Deadline.after(this.runtime.nanoTime(), definition.waitTime().toNanos()),
				LockHolder.currentThread(definition.method()), null);
		long wait = this.waits.incrementAndGet();
		this.waiting.put(wait, acquisition);
		answer.whenComplete((lease, failure) -> {
			if (answer.isCancelled()) {
				acquisition.abandon();
			}
		});
		acquisition.start().whenComplete((hold, failure) -> {
			this.waiting.remove(wait);
			if (failure != null) {
				observed.failed(StoreCalls.unwrap(failure));
				complete(() -> answer.completeExceptionally(StoreCalls.unwrap(failure)));
			}
			else if (hold == null) {
				observed.notAcquired();
				complete(() -> answer.complete(Optional.empty()));
			}
			else {
				granted(hold, definition, observed, answer);
			}
		});
		return answer;
	}

	/**
	 * For the head thread after its first attempt, or from the first with no {@code busy}
	 * answer; {@code null} past the deadline.
	 */
	@Nullable Lease await(LockState state, String ownerToken, Duration leaseTime, boolean renew, long deadline, LockHolder holder,
			LockStore.@Nullable AcquireResult busy, long requestedAt, boolean grantedTooLate)
			throws InterruptedException {
		Acquisition acquisition = acquisition(state.name, ownerToken, leaseTime, renew, deadline, holder,
				Thread.currentThread());
		state.waiting = acquisition;
		try {
			return acquisition.await(busy, requestedAt, grantedTooLate);
		}
		finally {
			state.waiting = null;
		}
	}

	private Acquisition acquisition(String name, String ownerToken, Duration leaseTime, boolean renew, long deadline,
			LockHolder holder, @Nullable Thread owner) {
		return new Acquisition(this.store, this.owners, this.backoff, this.timer, this.runtime, this.stopping, name,
				ownerToken, leaseTime, renew, deadline, holder, owner);
	}

	/**
	 * Gives the lock back if the caller gave up or the client began to stop meanwhile.
	 */
	private void granted(Lease hold, LockDefinition definition, LockInstrumentation.Acquisition observed,
			CompletableFuture<Optional<LockLease>> answer) {
		hold.takenBy(definition.method());
		hold.keepAtLeast(definition.holdAtLeast());
		AsyncLease lease = new AsyncLease(hold, this, this::complete);
		this.held.add(lease);
		if (hold.isReleasedOrLost()) {
			// Lost before it was added: the loss could not forget it.
			this.held.remove(lease);
		}
		try {
			if (this.stopping.getAsBoolean()) {
				throw new LockClientClosedException(definition.name());
			}
			if (definition.renew()) {
				this.leases.startRenewing(hold);
			}
		}
		catch (RuntimeException ex) {
			this.held.remove(lease);
			this.leases.letGo(hold);
			this.store.releaseQuietlyAsync(hold.name(), hold.ownerToken(), "", false);
			observed.failed(ex);
			complete(() -> answer.completeExceptionally(ex));
			return;
		}
		LockInstrumentation.Hold observedHold = observed.acquired();
		if (observedHold != LockInstrumentation.Hold.NONE) {
			hold.observeAs(observedHold);
		}
		complete(() -> {
			if (!answer.complete(Optional.of(lease))) {
				lease.release();
			}
		});
	}

	/** On this thread once the executor is closed: a late answer must still be given. */
	void complete(Runnable completion) {
		try {
			this.executor.execute(completion);
		}
		catch (RejectedExecutionException ex) {
			completion.run();
		}
	}

	void forget(AsyncLease lease) {
		this.held.remove(lease);
	}

	CompletionStage<Void> release(AsyncLease lease) {
		return this.leases.releaseAsync(lease.hold()).whenComplete((ignored, failure) -> this.held.remove(lease));
	}

	CompletionStage<Boolean> raiseFencingTokensAbove(String name, long token) {
		LockStore.checkRaisableToken(name, token);
		return this.store.raiseFencingTokensAboveAsync(name, token);
	}

	CompletionStage<Long> fencingToken(Lease hold) {
		if (!hold.isValid()) {
			return CompletableFuture.failedFuture(hold.lostBefore("its fencing token was issued"));
		}
		return this.store.issueFencingTokenAsync(hold).thenApply((token) -> {
			if (token == 0) {
				this.leases.lostToRenewal(hold,
						"the store no longer recorded this holder when it asked for a fencing token");
				throw new CompletionException(hold.lostBefore("its fencing token was issued"));
			}
			return hold.fencingTokenIssued(token);
		});
	}

	CompletionStage<Void> renew(Lease hold) {
		if (!hold.isValid()) {
			return CompletableFuture.failedFuture(hold.lostBefore("it was renewed"));
		}
		long requestedAt = this.runtime.nanoTime();
		Duration leaseTime = hold.leaseTime();
		// A silent store must not keep the holder waiting past the lease.
		return withinLease(this.store.renewAsync(hold, leaseTime), hold).handle((renewed, failure) -> {
			if (failure != null) {
				if (!(StoreCalls.unwrap(failure) instanceof TimeoutException)) {
					throw (failure instanceof CompletionException completion) ? completion
							: new CompletionException(failure);
				}
				this.leases.lostToRenewal(hold, "its lease ran out before the store answered its renewal");
				throw new CompletionException(hold.lostBefore("it was renewed"));
			}
			if (!renewed) {
				this.leases.lostToRenewal(hold, "the store no longer recorded this holder when it was renewed");
				throw new CompletionException(hold.lostBefore("it was renewed"));
			}
			hold.leaseConfirmed(requestedAt, leaseTime);
			return null;
		});
	}

	/** Times out on the engine's timer, so that simulated time decides when. */
	private <T> CompletableFuture<T> withinLease(CompletionStage<T> call, Lease hold) {
		CompletableFuture<T> answer = new CompletableFuture<>();
		timeOutWithLease(answer, hold);
		call.whenComplete((value, failure) -> {
			if (failure != null) {
				answer.completeExceptionally(failure);
			}
			else {
				answer.complete(value);
			}
		});
		return answer;
	}

	/** When the lease runs out; later if it was renewed meanwhile. */
	private void timeOutWithLease(CompletableFuture<?> answer, Lease hold) {
		try {
			ScheduledFuture<?> timeout = this.timer.schedule(() -> {
				if (hold.remainingNanos() > 0) {
					timeOutWithLease(answer, hold);
				}
				else {
					answer.completeExceptionally(new TimeoutException());
				}
			}, hold.remainingNanos(), TimeUnit.NANOSECONDS);
			answer.whenComplete((value, failure) -> timeout.cancel(false));
		}
		catch (RejectedExecutionException ex) {
			// Closed: the call's own timeout ends it.
		}
	}

	boolean isIdle() {
		return this.waiting.isEmpty() && this.held.isEmpty();
	}

	int size() {
		return this.waiting.size() + this.held.size();
	}

	/** Each wait tries again now, finds the client stopping and gives up. */
	void wakeWaiters() {
		this.waiting.values().forEach(Acquisition::wakeUp);
	}

	List<Lease> holds() {
		List<Lease> holds = new ArrayList<>(this.held.size());
		this.held.forEach((lease) -> holds.add(lease.hold()));
		return holds;
	}

	@Nullable Lease holdOf(String name) {
		for (AsyncLease lease : this.held) {
			Lease hold = lease.hold();
			if (hold.name().equals(name) && !hold.isReleasedOrLost()) {
				return hold;
			}
		}
		return null;
	}

	/** One name per waiting holder. */
	List<String> waitedFor() {
		List<String> names = new ArrayList<>(this.waiting.size());
		this.waiting.values().forEach((acquisition) -> names.add(acquisition.name()));
		return names;
	}

	/**
	 * Ends the waits first: the timer, shut next, would leave their holders unanswered.
	 */
	@Override
	public void close() {
		this.waiting.values().forEach(Acquisition::clientClosed);
		this.timer.shutdownNow();
		this.platformThreads.shutdown();
		this.waitingThreadCalls.shutdown();
		if (this.virtualThreads != null) {
			this.virtualThreads.close();
		}
	}

}
