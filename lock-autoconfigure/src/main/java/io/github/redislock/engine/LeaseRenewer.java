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
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiConsumer;
import java.util.concurrent.locks.ReentrantLock;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.github.redislock.store.LockStore;

/**
 * Extends leases from one thread shared by the client: a held lock costs no thread, and
 * leases due close together are renewed in one batch. Store calls run off the sweeping
 * thread and are given up when their batch's first lease runs out, so a silent store
 * holds up no other renewal, and a lease reported lost stays lost.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
final class LeaseRenewer implements AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(LeaseRenewer.class);

	private static final long MIN_TICK_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

	private static final long MAX_TICK_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

	/**
	 * Calls started and not answered in full yet, given up or not, beyond which no other
	 * starts: a store that stops answering may keep each one open for its whole command
	 * timeout.
	 */
	private static final int MAX_UNFINISHED_CALLS = 4;

	/** The shortest time a renewal call is given. */
	private static final long MIN_CALL_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

	private final GuardedStore store;

	/**
	 * Told of each lease found lost, on the renewal thread: it must return at once, so it
	 * never runs user code itself.
	 */
	private final BiConsumer<LockHold, String> lostHandler;

	private final Set<LockHold> holds = ConcurrentHashMap.newKeySet();

	private final ScheduledExecutorService scheduler;

	/** Runs the store calls, so that the renewal thread never waits for one. */
	private final ExecutorService calls;

	/**
	 * The call in flight for each hold that has one, which no other call renews
	 * meanwhile; touched on the renewal thread only.
	 */
	private final Map<LockHold, RenewalCall> inFlight = new IdentityHashMap<>();

	/** Calls started and not returned yet; touched on the renewal thread only. */
	private int unfinishedCalls;

	/**
	 * Guards the sweep's schedule: a lock, not a monitor, so that a virtual thread taking
	 * a lock never pins its carrier here.
	 */
	private final ReentrantLock monitor = new ReentrantLock();

	/** Period of the running sweep, {@link Long#MAX_VALUE} while none runs. */
	private volatile long tickNanos = Long.MAX_VALUE;

	private @Nullable ScheduledFuture<?> sweep;

	/** What the health of the renewals needs to know of their failures. */
	private final RenewalFailures failures = new RenewalFailures();

	LeaseRenewer(GuardedStore store, BiConsumer<LockHold, String> lostHandler) {
		this.store = store;
		this.lostHandler = lostHandler;
		ScheduledThreadPoolExecutor executor = new ScheduledThreadPoolExecutor(1, (runnable) -> {
			Thread thread = new Thread(runnable, "redis-lock-renewal");
			thread.setDaemon(true);
			return thread;
		});
		executor.setRemoveOnCancelPolicy(true);
		executor.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
		this.scheduler = executor;
		AtomicInteger callThreads = new AtomicInteger();
		this.calls = Executors.newCachedThreadPool((runnable) -> {
			Thread thread = new Thread(runnable, "redis-lock-renewal-call-" + callThreads.incrementAndGet());
			thread.setDaemon(true);
			return thread;
		});
	}

	void start(LockHold hold) {
		hold.renewalStarted();
		this.holds.add(hold);
		long tick = Math.max(MIN_TICK_NANOS, Math.min(MAX_TICK_NANOS, hold.leaseTime().toNanos() / 6));
		if (tick < this.tickNanos) {
			sweepEvery(tick);
		}
	}

	void stop(LockHold hold) {
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
	 * Stop sweeping once nothing is held. The period is cleared before the set is checked
	 * again, so a lock taken meanwhile either is seen here or starts a new sweep itself.
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

	/**
	 * One sweep, which a failure must not end: the executor would run it no more, and no
	 * lease would be renewed.
	 */
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
		long now = System.nanoTime();
		boolean due = false;
		for (LockHold hold : this.holds) {
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
		List<LockHold> batch = new ArrayList<>();
		for (LockHold hold : this.holds) {
			if (!this.inFlight.containsKey(hold) && hold.renewalDueWithin(now, hold.leaseTime().toNanos() / 6)
					&& isRenewable(hold, now)) {
				batch.add(hold);
			}
		}
		if (!batch.isEmpty() && this.unfinishedCalls < MAX_UNFINISHED_CALLS) {
			renew(batch);
		}
	}

	private boolean isRenewable(LockHold hold, long now) {
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

	private void ranOut(LockHold hold) {
		this.failures.leaseRanOut(hold.name());
		stop(hold);
		reportLost(hold, "its lease ran out before it could be renewed");
	}

	/**
	 * Report one loss; a failure while reporting it leaves the other leases to renew.
	 */
	private void reportLost(LockHold hold, String reason) {
		try {
			this.lostHandler.accept(hold, reason);
		}
		catch (RuntimeException ex) {
			logger.warn("Could not report the loss of lock '{}'", hold.name(), ex);
		}
	}

	/**
	 * Start the store call for a batch, given up when the first lease of the batch runs
	 * out. The store has three quarters of that time, so that what it answers by then
	 * still counts, and a lease whose renewal failed has the rest for another try. Each
	 * lease's answer is applied as it comes: a server that does not answer (a paused
	 * shard) holds up only the leases it keeps.
	 */
	private void renew(List<LockHold> batch) {
		List<LockStore.LeaseRenewal> renewals = new ArrayList<>(batch.size());
		long shortestLease = Long.MAX_VALUE;
		for (LockHold hold : batch) {
			renewals.add(new LockStore.LeaseRenewal(hold.name(), hold.ownerToken(), hold.leaseTime()));
			shortestLease = Math.min(shortestLease, hold.remainingNanos());
		}
		long giveUpAfter = Math.max(MIN_CALL_NANOS, shortestLease);
		Duration storeTimeout = Duration.ofNanos(Math.max(MIN_CALL_NANOS, giveUpAfter - giveUpAfter / 4));
		RenewalCall call = new RenewalCall(batch, renewals, System.nanoTime(), giveUpAfter);
		for (LockHold hold : batch) {
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

	/**
	 * Apply the store's answer for one lease, unless its call was given up: the lease was
	 * then counted as not renewed, perhaps reported lost, and may be renewed by a later
	 * call.
	 */
	private void answered(RenewalCall call, int index, @Nullable Boolean renewed, @Nullable Throwable failure) {
		LockHold hold = call.holds.get(index);
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
		Throwable cause = (failure instanceof CompletionException && failure.getCause() != null) ? failure.getCause()
				: failure;
		return (cause instanceof RuntimeException runtime) ? runtime
				: new IllegalStateException("Lease renewal failed", cause);
	}

	/**
	 * Give up a call when the first lease of its batch runs out: every lease of the batch
	 * not answered yet counts as not renewed, the ones that ran out are reported lost
	 * now, and the others may be renewed by a later call while they last.
	 */
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

	/**
	 * Every lease of the call was answered: the failures are over unless one of them
	 * failed.
	 */
	private void finish(RenewalCall call) {
		ScheduledFuture<?> giveUp = call.giveUp;
		if (giveUp != null) {
			giveUp.cancel(false);
		}
		if (!call.failed) {
			this.failures.succeeded();
		}
	}

	/**
	 * Apply one lease's outcome: a failure while doing so (in the instrumentation, say)
	 * leaves the other leases of the batch to apply.
	 * @param index the lease's index in the call
	 * @param renewed whether the store renewed the lease, {@code null} if the renewal
	 * failed
	 */
	private void apply(RenewalCall call, int index, @Nullable Boolean renewed) {
		LockHold hold = call.holds.get(index);
		try {
			if (hold.isReleasedOrLost()) {
				// A lease reported lost is never renewed again, whatever the store says.
				return;
			}
			if (renewed == null) {
				// Retry well before the lease runs out: there are two more chances left.
				hold.renewalFailed(call.requestedAt);
				hold.observed().renewalFailed();
				if (hold.leaseRanOut(System.nanoTime())) {
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

	/**
	 * Say whether the renewals work: see {@link RenewalFailures#health}.
	 * @return the health of the renewals now
	 */
	RenewalHealth health() {
		return this.failures.health(!sweepDied(), this.holds.size());
	}

	/**
	 * Whether the sweep ended by itself, which only a failure of the sweep does: the
	 * executor then runs it no more, and no lease is renewed.
	 */
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

	/**
	 * One store call renewing a batch; its fields other than the final ones are touched
	 * on the renewal thread only.
	 */
	private static final class RenewalCall {

		final List<LockHold> holds;

		final List<LockStore.LeaseRenewal> renewals;

		/** {@link System#nanoTime()} when the renewals were asked for. */
		final long requestedAt;

		/** How long after it was started the call is given up. */
		final long giveUpAfter;

		/** Leases whose answer has not been applied yet. */
		int unanswered;

		/** Whether the renewal of any lease of the call failed. */
		boolean failed;

		@Nullable ScheduledFuture<?> giveUp;

		RenewalCall(List<LockHold> holds, List<LockStore.LeaseRenewal> renewals, long requestedAt, long giveUpAfter) {
			this.holds = holds;
			this.renewals = renewals;
			this.requestedAt = requestedAt;
			this.giveUpAfter = giveUpAfter;
			this.unanswered = holds.size();
		}

	}

}
