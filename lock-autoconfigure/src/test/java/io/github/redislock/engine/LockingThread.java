// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.engine;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import io.github.redislock.core.DistributedLock;

/**
 * A thread that takes a lock and then holds it until told to release it, or releases it
 * at once: the other threads and processes of the engine tests.
 *
 * @author redis-lock contributors
 */
final class LockingThread {

	private final Thread thread;

	private final CompletableFuture<Boolean> acquired = new CompletableFuture<>();

	private final CountDownLatch release = new CountDownLatch(1);

	private final CompletableFuture<Void> done = new CompletableFuture<>();

	private LockingThread(DistributedLock lock, Acquisition acquisition, Runnable whileHeld, boolean holdUntilTold) {
		this.thread = new Thread(() -> run(lock, acquisition, whileHeld, holdUntilTold), "locking-" + lock.getName());
		this.thread.setDaemon(true);
	}

	/**
	 * Start a thread that takes the lock and holds it until {@link #release()}.
	 */
	static LockingThread holding(DistributedLock lock, Acquisition acquisition) {
		return start(new LockingThread(lock, acquisition, () -> {
		}, true));
	}

	/**
	 * Start a thread that takes the lock, runs the action and releases it.
	 */
	static LockingThread passing(DistributedLock lock, Acquisition acquisition, Runnable whileHeld) {
		return start(new LockingThread(lock, acquisition, whileHeld, false));
	}

	private static LockingThread start(LockingThread lockingThread) {
		lockingThread.thread.start();
		return lockingThread;
	}

	private void run(DistributedLock lock, Acquisition acquisition, Runnable whileHeld, boolean holdUntilTold) {
		try {
			boolean acquired = acquisition.acquire(lock);
			this.acquired.complete(acquired);
			if (acquired) {
				try {
					whileHeld.run();
					if (holdUntilTold) {
						this.release.await(30, TimeUnit.SECONDS);
					}
				}
				finally {
					lock.unlock();
				}
			}
			this.done.complete(null);
		}
		catch (Throwable ex) {
			this.acquired.completeExceptionally(ex);
			this.done.completeExceptionally(ex);
		}
	}

	Thread thread() {
		return this.thread;
	}

	/**
	 * Return whether the thread acquired the lock, waiting up to 10 s for it to find out.
	 * @throws ExecutionException with what the acquisition threw
	 */
	boolean acquired() throws InterruptedException, ExecutionException, TimeoutException {
		return this.acquired.get(10, TimeUnit.SECONDS);
	}

	/**
	 * Let a holding thread release the lock, and wait until it is done.
	 * @throws ExecutionException with what the release threw
	 */
	void release() throws InterruptedException, ExecutionException, TimeoutException {
		this.release.countDown();
		awaitDone();
	}

	/**
	 * Wait until the thread is done.
	 * @throws ExecutionException with what the thread threw
	 */
	void awaitDone() throws InterruptedException, ExecutionException, TimeoutException {
		this.done.get(10, TimeUnit.SECONDS);
		this.thread.join(TimeUnit.SECONDS.toMillis(10));
	}

	/**
	 * How the thread takes the lock.
	 */
	@FunctionalInterface
	interface Acquisition {

		boolean acquire(DistributedLock lock) throws InterruptedException;

	}

}
