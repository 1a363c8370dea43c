// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.engine;

import java.util.Collection;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.concurrent.locks.ReentrantLock;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Finds threads that ended holding a lock: the store frees it after its lease, but local
 * threads queued behind would wait forever. Polls only while locks are in use.
 *
 * @author redis-lock contributors
 */
final class EndedOwnerWatch implements AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(EndedOwnerWatch.class);

	/** Short next to the leases that keep an ended thread's lock anyway. */
	private static final long PERIOD_MILLIS = 200;

	private final Collection<LockState> states;

	private final Consumer<LockState> releaseIfOwnerEnded;

	private final ScheduledExecutorService scheduler;

	/** A lock, not a monitor, so that a virtual thread never pins its carrier here. */
	private final ReentrantLock monitor = new ReentrantLock();

	/** Cleared before the states are checked for none; see {@link #stopIfIdle()}. */
	private volatile boolean watching;

	private @Nullable ScheduledFuture<?> looks;

	EndedOwnerWatch(Collection<LockState> states, Consumer<LockState> releaseIfOwnerEnded, EngineRuntime runtime) {
		this.states = states;
		this.releaseIfOwnerEnded = releaseIfOwnerEnded;
		this.scheduler = runtime.timer("redis-lock-owner-watch");
	}

	/** Called after a lock state was added. */
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
	 * The flag is cleared first, so a state added meanwhile is seen or starts the watch.
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
