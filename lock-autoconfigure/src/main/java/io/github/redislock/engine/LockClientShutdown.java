// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.engine;

import java.time.Duration;
import java.util.Collection;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;

import org.springframework.util.Assert;

import io.github.redislock.core.LockClientClosedException;

/**
 * Stops a client without abandoning its locks or leaving them behind: new acquisitions
 * and waiters are sent away, holders get until the timeout to release while renewal goes
 * on, and the holds left then are released in the store and reported lost to their
 * holders. A poll, so that the lock paths do no work for a stop.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
final class LockClientShutdown {

	/** The client's category, where the shutdown was always logged. */
	private static final Logger logger = ClientLog.logger;

	/** See {@code RedisLockProperties.Shutdown#timeout} for the reasons. */
	static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(5);

	/** See {@link DefaultLockClient#getPhase()}. */
	static final int PHASE = 1024;

	private static final long POLL_MILLIS = 10;

	private final Collection<LockState> states;

	private final Consumer<LockHold> giveUp;

	private @Nullable AsyncLocks asyncLocks;

	private volatile Duration timeout = DEFAULT_TIMEOUT;

	/** Whether new acquisitions are refused: from the start of a stop to a restart. */
	private volatile boolean stopping;

	/** Whether the client was closed, after which it never starts again. */
	private boolean closed;

	/**
	 * Create a shutdown.
	 * @param states the live view of the client's lock states
	 * @param giveUp stops renewing a hold still held when the timeout passed, releases it
	 * in the store, and reports it lost
	 */
	LockClientShutdown(Collection<LockState> states, Consumer<LockHold> giveUp) {
		this.states = states;
		this.giveUp = giveUp;
	}

	/**
	 * Wait for the leases of asynchronous holders too, and give them up likewise.
	 * @param asyncLocks the asynchronous holders' locks
	 */
	void include(AsyncLocks asyncLocks) {
		this.asyncLocks = asyncLocks;
	}

	void setTimeout(Duration timeout) {
		Assert.isTrue(timeout != null && !timeout.isNegative(), "Shutdown timeout must not be null or negative");
		this.timeout = timeout;
	}

	boolean isStopping() {
		return this.stopping;
	}

	/**
	 * Refuse an acquisition once a stop has begun.
	 * @param name the lock name
	 * @throws LockClientClosedException if a stop has begun
	 */
	void refuseIfStopping(String name) {
		if (this.stopping) {
			throw new LockClientClosedException(name);
		}
	}

	/**
	 * Hand out locks again after a stop, unless the client was closed.
	 */
	synchronized void start() {
		if (!this.closed) {
			this.stopping = false;
		}
	}

	/**
	 * Refuse new acquisitions, wait for the holds to be released, and give up those left
	 * when the timeout passes. Does nothing if a stop has already run.
	 */
	synchronized void stop() {
		if (this.stopping) {
			return;
		}
		this.stopping = true;
		if (!awaitReleases()) {
			for (LockState state : this.states) {
				giveUp(state.hold);
				giveUp(state.handedOff);
			}
			if (this.asyncLocks != null) {
				this.asyncLocks.holds().forEach(this::giveUp);
			}
		}
	}

	/**
	 * Stop, and never start again.
	 */
	synchronized void close() {
		stop();
		this.closed = true;
	}

	/**
	 * Wait until no lock state is left: every hold released, every waiter gone.
	 * @return whether none is left
	 */
	private boolean awaitReleases() {
		if (wakeWaitersUnlessDone()) {
			return true;
		}
		Duration timeout = this.timeout;
		logger.info(
				"Lock client shutting down: waiting up to {} ms for the {} lock(s) held or waited for "
						+ "to be released",
				timeout.toMillis(), this.states.size() + ((this.asyncLocks != null) ? this.asyncLocks.size() : 0));
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
	 * Wake the threads waiting for a lock, in the local queue or for the store, so that
	 * they find the client stopping and give up. Checked again on every poll, for the
	 * threads that began to wait after the last look.
	 * @return whether no lock state is left
	 */
	private boolean wakeWaitersUnlessDone() {
		for (LockState state : this.states) {
			state.local.wakeWaiters();
			state.wakeWaiter();
		}
		if (this.asyncLocks != null) {
			this.asyncLocks.wakeWaiters();
			if (!this.asyncLocks.isIdle()) {
				return false;
			}
		}
		return this.states.isEmpty();
	}

	private void giveUp(@Nullable LockHold hold) {
		if (hold != null) {
			this.giveUp.accept(hold);
		}
	}

}
