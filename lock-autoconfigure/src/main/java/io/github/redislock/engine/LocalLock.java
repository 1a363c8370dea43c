// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.engine;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.AbstractQueuedSynchronizer;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

import org.jspecify.annotations.Nullable;

/**
 * A fair reentrant lock on which this process's threads queue for one name. Unlike
 * {@code ReentrantLock}, it can be freed when its owner thread ended without unlocking,
 * and it sends queued threads away from inside the queue once waits are abandoned.
 *
 * @author redis-lock contributors
 */
final class LocalLock {

	private final Sync sync;

	/** Lets one caller at a time free the lock of an ended owner. */
	private final ReentrantLock endedOwnerRelease = new ReentrantLock();

	LocalLock(BooleanSupplier waitsAbandoned) {
		this.sync = new Sync(waitsAbandoned);
	}

	void lock() {
		this.sync.acquire(1);
	}

	/** Barges past queued threads, as {@code ReentrantLock.tryLock()} does. */
	boolean tryLock() {
		return this.sync.tryAcquireNow();
	}

	/** {@code false} also once waits are abandoned. */
	boolean tryLock(long timeout, TimeUnit unit) throws InterruptedException {
		try {
			return this.sync.tryAcquireNanos(1, unit.toNanos(timeout));
		}
		catch (WaitAbandoned ex) {
			return false;
		}
	}

	/**
	 * Woken threads find waits abandoned and give up; they keep their places until then,
	 * which a wait in timed slices would lose. A thread woken behind another waits again
	 * until that one left, so callers repeat this until the queue is empty.
	 */
	void wakeWaiters() {
		for (Thread waiter : this.sync.getQueuedThreads()) {
			LockSupport.unpark(waiter);
		}
	}

	void unlock() {
		this.sync.release(1);
	}

	boolean isHeldByCurrentThread() {
		return this.sync.isHeldExclusively();
	}

	int getHoldCount() {
		return this.sync.isHeldExclusively() ? this.sync.holds() : 0;
	}

	boolean hasQueuedThreads() {
		return this.sync.hasQueuedThreads();
	}

	/** An estimate, for operators. */
	int queueLength() {
		return this.sync.getQueueLength();
	}

	/** As seen from any thread, for operators. */
	@Nullable Thread owner() {
		return this.sync.owner();
	}

	/** As seen from any thread, for operators. */
	int ownerHoldCount() {
		return this.sync.holds();
	}

	/**
	 * Frees the lock if its owner ended, running {@code forget} first, while the ended
	 * thread still owns it. Returns the ended owner, or {@code null}.
	 */
	@Nullable Thread releaseEndedOwner(Consumer<Thread> forget) {
		Thread owner = this.sync.owner();
		if (owner == null || owner.isAlive()) {
			return null;
		}
		// Only one caller at a time: once freed, the lock may have a new owner, whose
		// hold a second release would free as well.
		this.endedOwnerRelease.lock();
		try {
			if (this.sync.owner() != owner) {
				return null;
			}
			forget.accept(owner);
			this.sync.release(Sync.ENDED_OWNER);
			return owner;
		}
		finally {
			this.endedOwnerRelease.unlock();
		}
	}

	private static final class Sync extends AbstractQueuedSynchronizer {

		/** The release argument that frees the lock of an ended owner. */
		static final int ENDED_OWNER = -1;

		private final BooleanSupplier waitsAbandoned;

		Sync(BooleanSupplier waitsAbandoned) {
			this.waitsAbandoned = waitsAbandoned;
		}

		boolean tryAcquireNow() {
			Thread current = Thread.currentThread();
			int holds = getState();
			if (holds == 0) {
				if (compareAndSetState(0, 1)) {
					setExclusiveOwnerThread(current);
					return true;
				}
				return false;
			}
			return reenter(current, holds, 1);
		}

		/**
		 * Called before a thread queues and each time it is woken. Throwing leaves the
		 * queue: the synchronizer cancels the place and wakes the thread behind.
		 */
		@Override
		protected boolean tryAcquire(int acquires) {
			Thread current = Thread.currentThread();
			if (getExclusiveOwnerThread() != current && this.waitsAbandoned.getAsBoolean()) {
				throw WaitAbandoned.INSTANCE;
			}
			int holds = getState();
			if (holds == 0) {
				if (!hasQueuedPredecessors() && compareAndSetState(0, acquires)) {
					setExclusiveOwnerThread(current);
					return true;
				}
				return false;
			}
			return reenter(current, holds, acquires);
		}

		private boolean reenter(Thread current, int holds, int acquires) {
			if (getExclusiveOwnerThread() != current) {
				return false;
			}
			int next = holds + acquires;
			if (next < 0) {
				throw new Error("Maximum lock count exceeded");
			}
			setState(next);
			return true;
		}

		@Override
		protected boolean tryRelease(int releases) {
			if (releases == ENDED_OWNER) {
				// Only under the guard in releaseEndedOwner, with an owner that
				// ended: nothing else changes the state meanwhile.
				setExclusiveOwnerThread(null);
				setState(0);
				return true;
			}
			if (getExclusiveOwnerThread() != Thread.currentThread()) {
				throw new IllegalMonitorStateException();
			}
			int holds = getState() - releases;
			boolean free = (holds == 0);
			if (free) {
				setExclusiveOwnerThread(null);
			}
			setState(holds);
			return free;
		}

		@Override
		protected boolean isHeldExclusively() {
			return getExclusiveOwnerThread() == Thread.currentThread();
		}

		int holds() {
			return getState();
		}

		/**
		 * Read after the state, so that an earlier owner is never taken for the current
		 * one.
		 */
		@Nullable Thread owner() {
			return (getState() != 0) ? getExclusiveOwnerThread() : null;
		}

	}

	/** Ends a wait from inside the synchronizer; never leaves this class. */
	private static final class WaitAbandoned extends RuntimeException {

		static final WaitAbandoned INSTANCE = new WaitAbandoned();

		private WaitAbandoned() {
			super("Wait abandoned", null, false, false);
		}

	}

}
