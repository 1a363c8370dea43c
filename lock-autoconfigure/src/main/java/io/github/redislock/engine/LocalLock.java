// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.engine;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

import org.jspecify.annotations.Nullable;

/**
 * A fair reentrant lock on which this process's threads queue for one name. Unlike
 * {@code ReentrantLock}, it can be freed when its owner thread ended without unlocking,
 * it sends queued threads away from inside the queue once waits are abandoned, and its
 * threads park and time their waits through the {@link EngineRuntime}, so that a
 * simulation can run them on its own clock.
 *
 * @author redis-lock contributors
 */
final class LocalLock {

	private final EngineRuntime runtime;

	private final BooleanSupplier waitsAbandoned;

	/**
	 * Held only for a few field updates, never across a park: a monitor would pin a
	 * virtual thread's carrier.
	 */
	private final ReentrantLock guard = new ReentrantLock();

	/** Threads waiting, in arrival order; under the guard. */
	private final ArrayDeque<Thread> waiters = new ArrayDeque<>();

	/** Written under the guard; read by any thread. */
	private volatile @Nullable Thread owner;

	/** Written under the guard; zero when free. */
	private volatile int holds;

	LocalLock(BooleanSupplier waitsAbandoned, EngineRuntime runtime) {
		this.waitsAbandoned = waitsAbandoned;
		this.runtime = runtime;
	}

	/**
	 * Waits uninterruptibly, setting the interrupt flag again if one landed; for
	 * re-entry, so waits abandoned do not end it.
	 */
	void lock() {
		Thread current = Thread.currentThread();
		this.guard.lock();
		try {
			if (tryAcquire(current, true)) {
				return;
			}
			this.waiters.addLast(current);
		}
		finally {
			this.guard.unlock();
		}
		boolean interrupted = false;
		while (true) {
			this.runtime.park(this, Deadline.NONE);
			interrupted |= Thread.interrupted();
			this.guard.lock();
			try {
				if (takeAsHead(current)) {
					break;
				}
			}
			finally {
				this.guard.unlock();
			}
		}
		if (interrupted) {
			current.interrupt();
		}
	}

	/** Barges past queued threads, as {@code ReentrantLock.tryLock()} does. */
	boolean tryLock() {
		Thread current = Thread.currentThread();
		this.guard.lock();
		try {
			return tryAcquire(current, false);
		}
		finally {
			this.guard.unlock();
		}
	}

	/**
	 * Waits in line until {@code deadline}, an {@link EngineRuntime#nanoTime()} value or
	 * {@link Deadline#NONE}; {@code false} if it passed, and also once waits are
	 * abandoned.
	 */
	boolean tryLockUntil(long deadline) throws InterruptedException {
		Thread current = Thread.currentThread();
		if (Thread.interrupted()) {
			throw new InterruptedException();
		}
		this.guard.lock();
		try {
			if (this.owner != current && this.waitsAbandoned.getAsBoolean()) {
				return false;
			}
			if (tryAcquire(current, true)) {
				return true;
			}
			if (Deadline.remaining(deadline, this.runtime.nanoTime()) <= 0) {
				return false;
			}
			this.waiters.addLast(current);
		}
		finally {
			this.guard.unlock();
		}
		while (true) {
			this.runtime.park(this, deadline);
			boolean interrupted = Thread.interrupted();
			@Nullable Thread next;
			this.guard.lock();
			try {
				boolean abandoned = this.waitsAbandoned.getAsBoolean();
				boolean timedOut = Deadline.remaining(deadline, this.runtime.nanoTime()) <= 0;
				if (!interrupted && !abandoned && takeAsHead(current)) {
					return true;
				}
				if (!interrupted && !abandoned && !timedOut) {
					continue;
				}
				next = leave(current);
			}
			finally {
				this.guard.unlock();
			}
			if (next != null) {
				this.runtime.unpark(next);
			}
			if (interrupted) {
				throw new InterruptedException();
			}
			return false;
		}
	}

	/**
	 * Woken threads find waits abandoned and give up, each leaving the queue from its own
	 * place; callers repeat this for threads that began to wait since.
	 */
	void wakeWaiters() {
		List<Thread> queued;
		this.guard.lock();
		try {
			queued = new ArrayList<>(this.waiters);
		}
		finally {
			this.guard.unlock();
		}
		for (Thread waiter : queued) {
			this.runtime.unpark(waiter);
		}
	}

	void unlock() {
		Thread current = Thread.currentThread();
		@Nullable Thread next;
		this.guard.lock();
		try {
			if (this.owner != current) {
				throw new IllegalMonitorStateException();
			}
			int left = this.holds - 1;
			if (left > 0) {
				this.holds = left;
				return;
			}
			next = free();
		}
		finally {
			this.guard.unlock();
		}
		if (next != null) {
			this.runtime.unpark(next);
		}
	}

	boolean isHeldByCurrentThread() {
		return this.owner == Thread.currentThread();
	}

	int getHoldCount() {
		return isHeldByCurrentThread() ? this.holds : 0;
	}

	boolean hasQueuedThreads() {
		this.guard.lock();
		try {
			return !this.waiters.isEmpty();
		}
		finally {
			this.guard.unlock();
		}
	}

	/** An estimate, for operators. */
	int queueLength() {
		this.guard.lock();
		try {
			return this.waiters.size();
		}
		finally {
			this.guard.unlock();
		}
	}

	/** As seen from any thread, for operators. */
	@Nullable Thread owner() {
		return this.owner;
	}

	/** As seen from any thread, for operators. */
	int ownerHoldCount() {
		return this.holds;
	}

	/**
	 * Frees the lock if its owner ended, running {@code forget} first, while the ended
	 * thread still owns it. Returns the ended owner, or {@code null}.
	 */
	@Nullable Thread releaseEndedOwner(Consumer<Thread> forget) {
		Thread ended = this.owner;
		if (ended == null || ended.isAlive()) {
			return null;
		}
		@Nullable Thread next;
		this.guard.lock();
		try {
			// Checked again under the guard: once freed, the lock may have a new owner,
			// whose hold a second release would free as well.
			if (this.owner != ended) {
				return null;
			}
			forget.accept(ended);
			next = free();
		}
		finally {
			this.guard.unlock();
		}
		if (next != null) {
			this.runtime.unpark(next);
		}
		return ended;
	}

	/**
	 * Under the guard: re-entry, or a free lock taken if no thread queues or may barge.
	 */
	private boolean tryAcquire(Thread current, boolean fair) {
		if (this.owner == current) {
			int next = this.holds + 1;
			if (next < 0) {
				throw new Error("Maximum lock count exceeded");
			}
			this.holds = next;
			return true;
		}
		if (this.owner == null && (!fair || this.waiters.isEmpty())) {
			take(current);
			return true;
		}
		return false;
	}

	/** Under the guard: only the head of the queue takes a free lock. */
	private boolean takeAsHead(Thread current) {
		if (this.owner == null && this.waiters.peekFirst() == current) {
			this.waiters.pollFirst();
			take(current);
			return true;
		}
		return false;
	}

	private void take(Thread current) {
		this.owner = current;
		this.holds = 1;
	}

	/** Under the guard; returns the head thread to wake, if any. */
	private @Nullable Thread free() {
		this.holds = 0;
		this.owner = null;
		return this.waiters.peekFirst();
	}

	/**
	 * Under the guard: a waiter giving up leaves its place; returns the thread behind to
	 * wake when it was at the head of a free lock.
	 */
	private @Nullable Thread leave(Thread current) {
		boolean wasHead = this.waiters.peekFirst() == current;
		this.waiters.remove(current);
		return (wasHead && this.owner == null) ? this.waiters.peekFirst() : null;
	}

}
