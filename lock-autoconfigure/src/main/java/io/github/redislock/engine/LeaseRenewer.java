// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.engine;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import java.util.concurrent.locks.ReentrantLock;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.github.redislock.store.LockStore;

/**
 * Renews all leases from one thread, batching those due close together, so that a held
 * lock costs no thread. Store calls run off it and are given up when their batch's first
 * lease runs out, so a silent store holds up no other renewal.
 *
 * @author redis-lock contributors
 */
final class LeaseRenewer implements AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(LeaseRenewer.class);

	private static final long MIN_TICK_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

	private static final long MAX_TICK_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

	/** A silent store may keep each call open for its whole command timeout. */
	private static final int MAX_UNFINISHED_CALLS = 4;

	private static final long MIN_CALL_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

	private final StoreCalls store;

	/** Called on the renewal thread: must return at once, never running user code. */
	private final BiConsumer<Lease, String> lostHandler;

	private final Set<Lease> holds = new ConcurrentSkipListSet<>(Lease.IN_CREATION_ORDER);

	private final EngineRuntime runtime;

	private final ScheduledExecutorService scheduler;

	/** So that the renewal thread never waits for a store call. */
	private final ExecutorService calls;

	/** The call in flight per hold, which no other call renews meanwhile. */
	private final Map<Lease, RenewalCall> inFlight = new IdentityHashMap<>();

	/** Renewal thread only. */
	private int unfinishedCalls;

	/** A lock, not a monitor, so that a virtual thread never pins its carrier here. */
	private final ReentrantLock monitor = new ReentrantLock();

	/** {@link Long#MAX_VALUE} while no sweep runs. */
	private volatile long tickNanos = Long.MAX_VALUE;

	private @Nullable ScheduledFuture<?> sweep;

	private final RenewalFailures failures;

	LeaseRenewer(StoreCalls store, BiConsumer<Lease, String> lostHandler, EngineRuntime runtime) {
		this.runtime = runtime;
		this.failures = new RenewalFailures(runtime);
		this.store = store;
		this.lostHandler = lostHandler;
		this.scheduler = runtime.timer("redis-lock-renewal");
		this.calls = runtime.threads("redis-lock-renewal-call-", Integer.MAX_VALUE);
	}

	void start(Lease hold) {
		hold.renewalStarted();
		this.holds.add(hold);
		long tick = Math.max(MIN_TICK_NANOS, Math.min(MAX_TICK_NANOS, hold.leaseTime().toNanos() / 6));
		if (tick < this.tickNanos) {
			sweepEvery(tick);
		}
	}

	void stop(Lease hold) {
		hold.renewalStopped();
		this.holds.remove(hold);
	}

	int activeCount() {
		return this.holds.size();
	}

	private void sweepEvery(long tick) {
		this.monitor.lock();
		try {
			if (tick >= this.tickNanos || this.scheduler.isShutdown()) {
				return;
			}
			if (this.sweep != null) {
				this.sweep.cancel(false);
			}
			this.tickNanos = tick;
			this.sweep = this.scheduler.scheduleWithFixedDelay(this::sweep, tick, tick, TimeUnit.NANOSECONDS);
		}
		finally {
			this.monitor.unlock();
		}
	}

	/**
	 * The period is cleared first, so a lock taken meanwhile is seen or starts a sweep.
	 */
	private void stopIfIdle() {
		this.monitor.lock();
		try {
			long tick = this.tickNanos;
			this.tickNanos = Long.MAX_VALUE;
			if (!this.holds.isEmpty()) {
				this.tickNanos = tick;
				return;
			}
			if (this.sweep != null) {
				this.sweep.cancel(false);
				this.sweep = null;
			}
		}
		finally {
			this.monitor.unlock();
		}
	}

	/** A sweep that throws is never run again, and no lease would be renewed. */
	private void sweep() {
		try {
			sweepHolds();
		}
		catch (RuntimeException ex) {
			logger.warn("Lease renewal sweep failed; sweeping again at the next tick", ex);
		}
	}

	private void sweepHolds() {
		if (this.holds.isEmpty()) {
			stopIfIdle();
			return;
		}
		long now = this.runtime.nanoTime();
		boolean due = false;
		for (Lease hold : this.holds) {
			if (this.inFlight.containsKey(hold)) {
				// Whatever became of the call, the lease is known to have ended.
				if (hold.leaseRanOut(now)) {
					ranOut(hold);
				}
			}
			else if (hold.renewalDue(now)) {
				due = true;
			}
		}
		if (!due) {
			return;
		}
		List<Lease> batch = new ArrayList<>();
		for (Lease hold : this.holds) {
			if (!this.inFlight.containsKey(hold) && hold.renewalDueWithin(now, hold.leaseTime().toNanos() / 6)
					&& isRenewable(hold, now)) {
				batch.add(hold);
			}
		}
		if (!batch.isEmpty() && this.unfinishedCalls < MAX_UNFINISHED_CALLS) {
			renew(batch);
		}
	}

	private boolean isRenewable(Lease hold, long now) {
		if (hold.isReleasedOrLost()) {
			stop(hold);
			return false;
		}
		Thread owner = hold.owner();
		if (owner != null && !owner.isAlive()) {
			// The client's EndedOwnerWatch reports it and frees the local lock.
			logger.debug("Thread '{}' ended while holding lock '{}'; no longer renewing it, so it frees itself "
					+ "when its lease runs out", owner.getName(), hold.name());
			stop(hold);
			return false;
		}
		if (hold.leaseRanOut(now)) {
			ranOut(hold);
			return false;
		}
		return true;
	}

	private void ranOut(Lease hold) {
		this.failures.leaseRanOut(hold.name());
		stop(hold);
		reportLost(hold, "its lease ran out before it could be renewed");
	}

	/** A failure here must not stop the other leases' renewal. */
	private void reportLost(Lease hold, String reason) {
		try {
			this.lostHandler.accept(hold, reason);
		}
		catch (RuntimeException ex) {
			logger.warn("Could not report the loss of lock '{}'", hold.name(), ex);
		}
	}

	/**
	 * Given up when the batch's first lease runs out; the store gets three quarters of
	 * that, so a failed lease has time for another try. Each answer applies as it comes.
	 */
	private void renew(List<Lease> batch) {
		List<LockStore.LeaseRenewal> renewals = new ArrayList<>(batch.size());
		long shortestLease = Long.MAX_VALUE;
		for (Lease hold : batch) {
			renewals.add(new LockStore.LeaseRenewal(hold.name(), hold.ownerToken(), hold.leaseTime()));
			shortestLease = Math.min(shortestLease, hold.remainingNanos());
		}
		long giveUpAfter = Math.max(MIN_CALL_NANOS, shortestLease);
		Duration storeTimeout = Duration.ofNanos(Math.max(MIN_CALL_NANOS, giveUpAfter - giveUpAfter / 4));
		RenewalCall call = new RenewalCall(batch, renewals, this.runtime.nanoTime(), giveUpAfter);
		for (Lease hold : batch) {
			this.inFlight.put(hold, call);
		}
		this.unfinishedCalls++;
		try {
			call.giveUp = this.scheduler.schedule(() -> givenUp(call), giveUpAfter, TimeUnit.NANOSECONDS);
			this.calls.execute(() -> {
				List<CompletableFuture<Boolean>> replies = callStore(renewals, storeTimeout);
				for (int i = 0; i < replies.size(); i++) {
					int index = i;
					replies.get(i)
						.whenComplete((renewed, ex) -> onRenewalThread(() -> answered(call, index, renewed, ex)));
				}
				CompletableFuture.allOf(replies.toArray(CompletableFuture[]::new))
					.whenComplete((done, ex) -> onRenewalThread(() -> this.unfinishedCalls--));
			});
		}
		catch (RejectedExecutionException ex) {
			// Closed meanwhile: nothing is renewed any more.
			this.unfinishedCalls--;
			this.inFlight.keySet().removeAll(batch);
		}
	}

	private List<CompletableFuture<Boolean>> callStore(List<LockStore.LeaseRenewal> renewals, Duration timeout) {
		RuntimeException failure;
		try {
			List<CompletableFuture<Boolean>> replies = this.store.renewAll(renewals, timeout);
			if (replies.size() == renewals.size()) {
				return replies;
			}
			failure = new IllegalStateException(
					"The lock store answered " + replies.size() + " of " + renewals.size() + " lease renewals");
		}
		catch (RuntimeException ex) {
			failure = ex;
		}
		return Collections.nCopies(renewals.size(), CompletableFuture.failedFuture(failure));
	}

	private void onRenewalThread(Runnable task) {
		try {
			this.scheduler.execute(task);
		}
		catch (RejectedExecutionException ex) {
			// Closed meanwhile: nothing is renewed any more.
		}
	}

	/** Dropped once the call was given up: the lease then counted as not renewed. */
	private void answered(RenewalCall call, int index, @Nullable Boolean renewed, @Nullable Throwable failure) {
		Lease hold = call.holds.get(index);
		if (!this.inFlight.remove(hold, call)) {
			logger.debug("Dropped the late answer to a renewal of lock '{}' that was given up", hold.name());
			return;
		}
		if (failure != null) {
			RuntimeException cause = runtimeFailure(failure);
			logger.atDebug()
				.addKeyValue(ClientLog.OUTCOME, "renewal_failed")
				.setCause(cause)
				.log("Renewal of lock '{}' failed, retrying while the lease lasts", hold.name());
			call.failed = true;
			this.failures.failed(List.of(hold), call.requestedAt, cause);
			apply(call, index, null);
		}
		else {
			apply(call, index, renewed);
		}
		if (--call.unanswered == 0) {
			finish(call);
		}
	}

	private static RuntimeException runtimeFailure(Throwable failure) {
		Throwable cause = StoreCalls.unwrap(failure);
		return (cause instanceof RuntimeException runtime) ? runtime
				: new IllegalStateException("Lease renewal failed", cause);
	}

	/** Leases not answered yet count as not renewed. */
	private void givenUp(RenewalCall call) {
		List<Integer> unanswered = new ArrayList<>();
		for (int i = 0; i < call.holds.size(); i++) {
			if (this.inFlight.remove(call.holds.get(i), call)) {
				unanswered.add(i);
			}
		}
		if (unanswered.isEmpty()) {
			return;
		}
		IllegalStateException failure = new IllegalStateException("The lock store did not answer a renewal within "
				+ TimeUnit.NANOSECONDS.toMillis(call.giveUpAfter) + " ms, when a lease of its batch ran out");
		logger.atDebug()
			.addKeyValue(ClientLog.OUTCOME, "renewal_failed")
			.setCause(failure)
			.log("Gave up the renewal of {} lease(s), retrying while the leases last", unanswered.size());
		this.failures.failed(unanswered.stream().map(call.holds::get).toList(), call.requestedAt, failure);
		for (int index : unanswered) {
			apply(call, index, null);
		}
	}

	/** The failures are over unless a lease of this call failed. */
	private void finish(RenewalCall call) {
		ScheduledFuture<?> giveUp = call.giveUp;
		if (giveUp != null) {
			giveUp.cancel(false);
		}
		if (!call.failed) {
			this.failures.succeeded();
		}
	}

	/** A failure here must not skip the batch; {@code renewed} is null on failure. */
	private void apply(RenewalCall call, int index, @Nullable Boolean renewed) {
		Lease hold = call.holds.get(index);
		try {
			if (hold.isReleasedOrLost()) {
				// A lease reported lost is never renewed again, whatever the store says.
				return;
			}
			if (renewed == null) {
				// Retry well before the lease runs out: there are two more chances left.
				hold.renewalFailed(call.requestedAt);
				hold.observed().renewalFailed();
				if (hold.leaseRanOut(this.runtime.nanoTime())) {
					ranOut(hold);
				}
			}
			else if (renewed) {
				hold.leaseConfirmed(call.requestedAt, call.renewals.get(index).leaseTime());
				hold.observed().renewed();
			}
			else {
				hold.observed().renewalFailed();
				stop(hold);
				reportLost(hold, "the store no longer records this holder");
			}
		}
		catch (RuntimeException ex) {
			logger.warn("Could not apply the renewal of lock '{}'", hold.name(), ex);
		}
	}

	DefaultLockClient.RenewalHealth health() {
		return this.failures.health(!sweepDied(), this.holds.size());
	}

	/** Only a failure ends the sweep by itself; the executor never runs it again. */
	private boolean sweepDied() {
		this.monitor.lock();
		try {
			ScheduledFuture<?> current = this.sweep;
			return current != null && current.isDone() && !current.isCancelled() && !this.scheduler.isShutdown();
		}
		finally {
			this.monitor.unlock();
		}
	}

	@Override
	public void close() {
		this.scheduler.shutdownNow();
		this.calls.shutdownNow();
		this.holds.clear();
	}

	/** One store call renewing a batch; non-final fields are renewal thread only. */
	private static final class RenewalCall {

		final List<Lease> holds;

		final List<LockStore.LeaseRenewal> renewals;

		/** {@link EngineRuntime#nanoTime()}; the renewed leases are timed from it. */
		final long requestedAt;

		final long giveUpAfter;

		int unanswered;

		boolean failed;

		@Nullable ScheduledFuture<?> giveUp;

		RenewalCall(List<Lease> holds, List<LockStore.LeaseRenewal> renewals, long requestedAt, long giveUpAfter) {
			this.holds = holds;
			this.renewals = renewals;
			this.requestedAt = requestedAt;
			this.giveUpAfter = giveUpAfter;
			this.unanswered = holds.size();
		}

	}

}
