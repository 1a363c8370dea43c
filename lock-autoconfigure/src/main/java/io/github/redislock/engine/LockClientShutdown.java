// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.engine;

import java.time.Duration;
import java.util.Collection;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;

import org.springframework.util.Assert;

import io.github.redislock.core.LockClientClosedException;

/**
 * Stops a client without abandoning its locks: new acquisitions and waiters are refused,
 * holders get until the timeout to release, and holds left then are released and reported
 * lost. It polls, so that the lock paths do no work for a stop.
 *
 * @author redis-lock contributors
 */
final class LockClientShutdown {

	private static final Logger logger = ClientLog.logger;

	/** See {@code RedisLockProperties.Shutdown#timeout} for the reasons. */
	static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(5);

	/** See {@link DefaultLockClient#getPhase()}. */
	static final int PHASE = 1024;

	private static final long POLL_MILLIS = 10;

	private final Collection<LockState> states;

	private final Consumer<Lease> giveUp;

	private final AsyncLocks asyncLocks;

	private volatile Duration timeout = DEFAULT_TIMEOUT;

	/** From the start of a stop to a restart. */
	private volatile boolean stopping;

	/** Never starts again once closed. */
	private boolean closed;

	/** One start, stop or close at a time; a stop holds it while it waits for holders. */
	private final ReentrantLock lifecycle = new ReentrantLock();

	/** Waits for the asynchronous holders' leases too, and gives them up likewise. */
	LockClientShutdown(Collection<LockState> states, AsyncLocks asyncLocks, Consumer<Lease> giveUp) {
		this.states = states;
		this.asyncLocks = asyncLocks;
		this.giveUp = giveUp;
	}

	void setTimeout(Duration timeout) {
		Assert.isTrue(timeout != null && !timeout.isNegative(), "Shutdown timeout must not be null or negative");
		this.timeout = timeout;
	}

	boolean isStopping() {
		return this.stopping;
	}

	void refuseIfStopping(String name) {
		if (this.stopping) {
			throw new LockClientClosedException(name);
		}
	}

	void start() {
		this.lifecycle.lock();
		try {
			if (!this.closed) {
				this.stopping = false;
			}
		}
		finally {
			this.lifecycle.unlock();
		}
	}

	/** Does nothing if a stop has already run. */
	void stop() {
		this.lifecycle.lock();
		try {
			if (this.stopping) {
				return;
			}
			this.stopping = true;
			if (!awaitReleases()) {
				for (LockState state : this.states) {
					giveUp(state.hold);
					giveUp(state.handedOff);
				}
				this.asyncLocks.holds().forEach(this::giveUp);
			}
		}
		finally {
			this.lifecycle.unlock();
		}
	}

	/** Also ends the waits in the store, before the client shuts their timer. */
	void close() {
		this.lifecycle.lock();
		try {
			stop();
			this.closed = true;
			for (LockState state : this.states) {
				Acquisition waiting = state.waiting;
				if (waiting != null) {
					waiting.clientClosed();
				}
			}
		}
		finally {
			this.lifecycle.unlock();
		}
	}

	/** Returns whether every hold was released and every waiter gone. */
	private boolean awaitReleases() {
		if (wakeWaitersUnlessDone()) {
			return true;
		}
		Duration timeout = this.timeout;
		logger.info("Lock client shutting down: waiting up to {} ms for the {} lock(s) held or waited for "
				+ "to be released", timeout.toMillis(), this.states.size() + this.asyncLocks.size());
		// Real time, not the engine's: this waits for the application's threads.
		long started = System.nanoTime();
		// Saturated: a wait too long to count in nanoseconds is practically endless.
		long timeoutNanos = (timeout.compareTo(Duration.ofNanos(Long.MAX_VALUE)) < 0) ? timeout.toNanos()
				: Long.MAX_VALUE;
		while (System.nanoTime() - started < timeoutNanos) {
			try {
				TimeUnit.MILLISECONDS.sleep(POLL_MILLIS);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				return wakeWaitersUnlessDone();
			}
			if (wakeWaitersUnlessDone()) {
				return true;
			}
		}
		return false;
	}

	/**
	 * Wakes waiters to find the client stopping; returns whether no lock state is left.
	 */
	private boolean wakeWaitersUnlessDone() {
		for (LockState state : this.states) {
			state.local.wakeWaiters();
			Acquisition waiting = state.waiting;
			if (waiting != null) {
				waiting.wakeUp();
			}
		}
		this.asyncLocks.wakeWaiters();
		return this.asyncLocks.isIdle() && this.states.isEmpty();
	}

	private void giveUp(@Nullable Lease hold) {
		if (hold != null) {
			this.giveUp.accept(hold);
		}
	}

}
