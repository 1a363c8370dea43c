// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.engine;

import java.util.Collection;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.concurrent.locks.ReentrantLock;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Looks for threads that ended while holding a lock, without unlocking it, so that the
 * client can free their local state: the store frees such a lock when its lease runs out,
 * but the other threads of this process queue behind the ended thread locally and would
 * wait forever, and the state of the lock would stay in memory.
 * <p>
 * Threads queued on the local lock are parked until the lock is passed on, and have no
 * way to notice by themselves. So this watch looks at the owner of every lock state a few
 * times a second, on a daemon thread of its own, and only while this process holds or
 * waits for some lock: taking a lock costs one volatile read more, and an idle client no
 * thread at all.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
final class EndedOwnerWatch implements AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(EndedOwnerWatch.class);

	/**
	 * How often the owners are looked at: short next to the leases that keep a lock of an
	 * ended thread from the others anyway, long enough to cost nothing noticeable.
	 */
	private static final long PERIOD_MILLIS = 200;

	private final Collection<LockState> states;

	private final Consumer<LockState> releaseIfOwnerEnded;

	private final ScheduledThreadPoolExecutor scheduler;

	/**
	 * Guards starting and stopping the watch: a lock, not a monitor, so that a virtual
	 * thread taking a lock never pins its carrier here.
	 */
	private final ReentrantLock monitor = new ReentrantLock();

	/** Whether a look is scheduled; cleared before the states are checked for none. */
	private volatile boolean watching;

	private @Nullable ScheduledFuture<?> looks;

	/**
	 * Create a watch.
	 * @param states the live view of the client's lock states
	 * @param releaseIfOwnerEnded frees a state's local lock if its owner ended
	 */
	EndedOwnerWatch(Collection<LockState> states, Consumer<LockState> releaseIfOwnerEnded) {
		this.states = states;
		this.releaseIfOwnerEnded = releaseIfOwnerEnded;
		this.scheduler = new ScheduledThreadPoolExecutor(1, (runnable) -> {
			Thread thread = new Thread(runnable, "redis-lock-owner-watch");
			thread.setDaemon(true);
			return thread;
		});
		this.scheduler.setRemoveOnCancelPolicy(true);
		this.scheduler.setKeepAliveTime(10, TimeUnit.SECONDS);
		this.scheduler.allowCoreThreadTimeOut(true);
	}

	/**
	 * Make sure the watch runs; called after a lock state was added.
	 */
	void watch() {
		if (!this.watching) {
			start();
		}
	}

	private void start() {
		this.monitor.lock();
		try {
			if (this.watching || this.scheduler.isShutdown()) {
				return;
			}
			this.watching = true;
			this.looks = this.scheduler.scheduleWithFixedDelay(this::look, PERIOD_MILLIS, PERIOD_MILLIS,
					TimeUnit.MILLISECONDS);
		}
		finally {
			this.monitor.unlock();
		}
	}

	private void look() {
		if (this.states.isEmpty()) {
			stopIfIdle();
			return;
		}
		try {
			this.states.forEach(this.releaseIfOwnerEnded);
		}
		catch (RuntimeException ex) {
			// A periodic task that throws is never run again.
			logger.warn("Could not look for threads that ended while holding a lock", ex);
		}
	}

	/**
	 * Stop once no lock is held or waited for. The flag is cleared before the states are
	 * checked again, so a state added meanwhile either is seen here or starts the watch
	 * itself.
	 */
	private void stopIfIdle() {
		this.monitor.lock();
		try {
			this.watching = false;
			if (!this.states.isEmpty()) {
				this.watching = true;
				return;
			}
			if (this.looks != null) {
				this.looks.cancel(false);
				this.looks = null;
			}
		}
		finally {
			this.monitor.unlock();
		}
	}

	@Override
	public void close() {
		this.scheduler.shutdownNow();
	}

}
