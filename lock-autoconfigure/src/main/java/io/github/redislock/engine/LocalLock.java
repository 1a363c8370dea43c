// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.engine;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.AbstractQueuedSynchronizer;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

import org.jspecify.annotations.Nullable;

/**
 * The fair, reentrant lock on which the threads of this process queue for one lock name,
 * with the semantics of a fair {@link java.util.concurrent.locks.ReentrantLock} and one
 * more operation: it can be freed when its owner thread ended without unlocking it. The
 * store frees such a holder's lock when its lease runs out, as it does for a process that
 * died; the threads of this process queued behind it must then get their turn, which a
 * {@code ReentrantLock} only its owner can unlock would never give them. Queued threads
 * keep their places while they wait, where a wait in timed slices would lose them.
 * <p>
 * For the same reason, the threads queued when the client shuts down can only be sent
 * away from inside the queue: while the client says waits are abandoned, a queued thread
 * that is woken gives up instead of waiting on.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
final class LocalLock {

	private final Sync sync;

	/**
	 * Create a lock.
	 * @param waitsAbandoned whether threads that wait for the lock give up instead
	 */
	LocalLock(BooleanSupplier waitsAbandoned) {
		this.sync = new Sync(waitsAbandoned);
	}

	void lock() {
		this.sync.acquire(1);
	}

	/**
	 * Take the lock if it is free, even if other threads are queued, as
	 * {@link java.util.concurrent.locks.ReentrantLock#tryLock()} does.
	 * @return whether the lock was taken
	 */
	boolean tryLock() {
		return this.sync.tryAcquireNow();
	}

	/**
	 * Take the lock, waiting in turn up to the timeout.
	 * @param timeout how long to wait
	 * @param unit the unit of the timeout
	 * @return whether the lock was taken; {@code false} also once waits are abandoned
	 * @throws InterruptedException if the thread is interrupted while waiting
	 */
	boolean tryLock(long timeout, TimeUnit unit) throws InterruptedException {
		try {
			return this.sync.tryAcquireNanos(1, unit.toNanos(timeout));
		}
		catch (WaitAbandoned ex) {
			return false;
		}
	}

	/**
	 * Wake the queued threads, so that they find that waits are abandoned and give up. A
	 * thread woken behind another one waits again until the one before it left, so this
	 * is called until the queue is empty.
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

	/**
	 * Return the threads waiting for this lock, an estimate as the queue changes, for
	 * operators.
	 * @return the number of queued threads
	 */
	int queueLength() {
		return this.sync.getQueueLength();
	}

	/**
	 * Return the holding thread, as seen from any thread, for operators.
	 * @return the owner, or {@code null} if the lock is free
	 */
	@Nullable Thread owner() {
		return this.sync.owner();
	}

	/**
	 * Return how many times its owner holds the lock, as seen from any thread, for
	 * operators.
	 * @return the hold count, {@code 0} if the lock is free
	 */
	int ownerHoldCount() {
		return this.sync.holds();
	}

	/**
	 * Free the lock if its owner thread ended while holding it, and let the first queued
	 * thread take it.
	 * @param forget run first, while the ended thread still owns the lock, to forget what
	 * it held
	 * @return the ended owner, or {@code null} if the lock is free or its owner alive
	 */
	@Nullable Thread releaseEndedOwner(Consumer<Thread> forget) {
		Thread owner = this.sync.owner();
		if (owner == null || owner.isAlive()) {
			return null;
		}
		// Only one caller at a time: once freed, the lock may have a new owner, whose
		// hold a second release would free as well.
		synchronized (this) {
			if (this.sync.owner() != owner) {
				return null;
			}
			forget.accept(owner);
			this.sync.release(Sync.ENDED_OWNER);
			return owner;
		}
	}

	private static final class Sync extends AbstractQueuedSynchronizer {

		/** The release argument that frees the lock of an owner thread that ended. */
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
		 * Called by a thread before it queues and each time it is woken in the queue.
		 * Throwing leaves the queue: the synchronizer cancels the thread's place and
		 * wakes the thread behind it.
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
				// Only under the monitor in releaseEndedOwner, with an owner that
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
		 * The owner, read after the state so that a thread that owned the lock earlier is
		 * never taken for its owner now.
		 */
		@Nullable Thread owner() {
			return (getState() != 0) ? getExclusiveOwnerThread() : null;
		}

	}

	/**
	 * Ends a wait for the lock from inside the synchronizer; never leaves this class.
	 */
	private static final class WaitAbandoned extends RuntimeException {

		static final WaitAbandoned INSTANCE = new WaitAbandoned();

		private WaitAbandoned() {
			super("Wait abandoned", null, false, false);
		}

	}

}
