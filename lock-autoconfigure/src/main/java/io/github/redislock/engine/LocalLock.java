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
 * {@code ReentrantLock}, it can be freed when its owner thread ended, sends queued
 * threads away once waits are abandoned, and parks through the {@link EngineRuntime}.
 *
 * @author redis-lock contributors
 */
final class LocalLock {

	private final EngineRuntime runtime;

	private final BooleanSupplier waitsAbandoned;

	/** Never held across a park; not a monitor, which would pin a virtual thread. */
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

	/** Re-entry by the owner thread, which never waits. */
	void reenter() {
		Thread current = Thread.currentThread();
		this.guard.lock();
		try {
			if (this.owner != current) {
				throw new IllegalMonitorStateException();
			}
			tryAcquire(current, true);
		}
		finally {
			this.guard.unlock();
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

	/** Takes a free lock only if no thread waits for it, without waiting. */
	boolean tryLockFairly() {
		Thread current = Thread.currentThread();
		this.guard.lock();
		try {
			return (this.owner == current || !this.waitsAbandoned.getAsBoolean()) && tryAcquire(current, true);
		}
		finally {
			this.guard.unlock();
		}
	}

	/** {@code false} if {@code deadline} passed, or once waits are abandoned. */
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

	/** Woken threads find waits abandoned and leave; callers repeat it for later ones. */
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

	/** Runs {@code forget} and frees the lock if its owner ended; returns that owner. */
	@Nullable Thread releaseEndedOwner(Consumer<Thread> forget) {
		Thread ended = this.owner;
		if (ended == null || ended.isAlive()) {
			return null;
		}
		@Nullable Thread next;
		this.guard.lock();
		try {
			// Again under the guard: once freed, the lock may have a new owner.
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

	/** Under the guard; returns the thread to wake, if any. */
	private @Nullable Thread leave(Thread current) {
		boolean wasHead = this.waiters.peekFirst() == current;
		this.waiters.remove(current);
		return (wasHead && this.owner == null) ? this.waiters.peekFirst() : null;
	}

}
