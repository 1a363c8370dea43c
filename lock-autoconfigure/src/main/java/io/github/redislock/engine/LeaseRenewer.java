/*
 * Copyright 2026 the original authors.
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *      https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package io.github.redislock.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import java.util.concurrent.locks.ReentrantLock;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.github.redislock.store.LockStore;

/**
 * Extends the leases of held locks from one daemon thread shared by the whole client, so
 * that holding many locks costs no thread per lock, and taking one costs no more than
 * adding it to a set: most locks are released long before their first renewal.
 * <p>
 * The thread sweeps the held locks a few times per shortest lease, and only while some
 * are held. A lease is due once a third of it has passed, leaving two more chances if the
 * store is briefly unreachable. When one lease is due, every lease due within the next
 * sixth of its own length is renewed with it, in one batch: thousands of held locks then
 * cost a handful of round trips per renewal period instead of one each.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
final class LeaseRenewer implements AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(LeaseRenewer.class);

	private static final long MIN_TICK_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

	private static final long MAX_TICK_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

	private final GuardedStore store;

	/**
	 * Told of each lease found lost, on the renewal thread: it must return at once, so it
	 * never runs user code itself.
	 */
	private final BiConsumer<LockHold, String> lostHandler;

	private final Set<LockHold> holds = ConcurrentHashMap.newKeySet();

	private final ScheduledExecutorService scheduler;

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

	private void sweep() {
		if (this.holds.isEmpty()) {
			stopIfIdle();
			return;
		}
		long now = System.nanoTime();
		boolean due = false;
		for (LockHold hold : this.holds) {
			if (hold.renewalDue(now)) {
				due = true;
				break;
			}
		}
		if (!due) {
			return;
		}
		List<LockHold> batch = new ArrayList<>();
		for (LockHold hold : this.holds) {
			if (hold.renewalDueWithin(now, hold.leaseTime().toNanos() / 6) && isRenewable(hold, now)) {
				batch.add(hold);
			}
		}
		if (!batch.isEmpty()) {
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
			this.failures.leaseRanOut(hold.name());
			stop(hold);
			this.lostHandler.accept(hold, "its lease ran out before it could be renewed");
			return false;
		}
		return true;
	}

	private void renew(List<LockHold> batch) {
		List<LockStore.LeaseRenewal> renewals = new ArrayList<>(batch.size());
		for (LockHold hold : batch) {
			renewals.add(new LockStore.LeaseRenewal(hold.name(), hold.ownerToken(), hold.leaseTime()));
		}
		long requestedAt = System.nanoTime();
		List<Boolean> renewed;
		try {
			renewed = this.store.renewAll(renewals);
		}
		catch (RuntimeException ex) {
			logger.atDebug()
				.addKeyValue(ClientLog.OUTCOME, "renewal_failed")
				.setCause(ex)
				.log("Renewal of {} lease(s) failed, retrying while the leases last", batch.size());
			this.failures.failed(batch, requestedAt, ex);
			for (LockHold hold : batch) {
				// Retry well before the lease runs out: there are two more chances left.
				hold.renewalFailed(requestedAt);
				hold.observed().renewalFailed();
			}
			return;
		}
		this.failures.succeeded();
		for (int i = 0; i < batch.size(); i++) {
			LockHold hold = batch.get(i);
			if (renewed.get(i)) {
				hold.leaseConfirmed(requestedAt, renewals.get(i).leaseTime());
				hold.observed().renewed();
			}
			else if (!hold.isReleased()) {
				hold.observed().renewalFailed();
				stop(hold);
				this.lostHandler.accept(hold, "the store no longer records this holder");
			}
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
		this.holds.clear();
	}

}
