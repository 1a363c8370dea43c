// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.benchmarks;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.LockSupport;

import org.HdrHistogram.Histogram;

/**
 * Hand-off latency: the time from the moment a holder leaves its critical section (just
 * before it releases) to the moment a waiter that was already blocked enters its own. The
 * holder keeps the lock for a short hold after the waiter announced itself, so that the
 * waiter is really waiting (subscribed, polling or queued) when the release comes.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
final class Handoff {

	private static final Duration REPLY_TIMEOUT = Contender.MAX_WAIT.plusSeconds(5);

	private Handoff() {
	}

	/**
	 * Measure hand-offs from this thread to the waiter, bounded in count and time.
	 * @param contender the lock under test
	 * @param waiter the waiting side
	 * @param key the lock name
	 * @param count the most hand-offs to measure
	 * @param bound the longest time to spend
	 * @param hold how long to keep the lock after the waiter announced itself
	 * @param spinning whether to spin through the hold instead of parking
	 * @return the latencies in nanoseconds
	 */
	static Histogram measure(Contender contender, Waiter waiter, String key, int count, Duration bound, Duration hold,
			boolean spinning) throws Exception {
		long end = System.nanoTime() + bound.toNanos();
		Histogram samples = Stats.latencies();
		while (samples.getTotalCount() < count && System.nanoTime() - end < 0) {
			long[] releasedAt = new long[1];
			contender.locked(key, () -> {
				waiter.startWaiting(key);
				keep(hold, spinning);
				releasedAt[0] = System.nanoTime();
			});
			long latency = waiter.awaitAcquired() - releasedAt[0];
			if (latency < 0) {
				throw new IllegalStateException("The waiter acquired " + key + " " + -latency
						+ " ns before the holder released it: two holders at once, or clocks that differ");
			}
			samples.recordValue(latency);
		}
		return samples;
	}

	/**
	 * Keep the lock for the hold. Parking by default, like a section waiting on I/O: a
	 * holder spinning through it would take one of the two cores that Redis and the
	 * waiter need, and slow down whoever must be woken, not the busy retry.
	 */
	private static void keep(Duration hold, boolean spinning) {
		long until = System.nanoTime() + hold.toNanos();
		try {
			if (spinning) {
				LockLoop.sleepUntil(until);
				return;
			}
			for (long left = hold.toNanos(); left > 0; left = until - System.nanoTime()) {
				LockSupport.parkNanos(left);
				if (Thread.interrupted()) {
					throw new InterruptedException();
				}
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	/**
	 * The side that waits for the lock.
	 */
	interface Waiter extends AutoCloseable {

		/**
		 * Make the waiter call the lock, and return once it announced it is about to.
		 * @param key the lock name
		 */
		void startWaiting(String key);

		/**
		 * Wait until the waiter held and released the lock.
		 * @return the {@link System#nanoTime()} at which it acquired it
		 */
		long awaitAcquired() throws Exception;

		@Override
		default void close() {
		}

	}

	/**
	 * A waiter on another thread of this JVM, using the same contender instance.
	 */
	static final class ThreadWaiter implements Waiter {

		private final Contender contender;

		private final ExecutorService executor = Executors.newSingleThreadExecutor((runnable) -> {
			Thread thread = new Thread(runnable, "bench-waiter");
			thread.setDaemon(true);
			return thread;
		});

		private Future<Long> pending;

		ThreadWaiter(Contender contender) {
			this.contender = contender;
		}

		@Override
		public void startWaiting(String key) {
			CountDownLatch announced = new CountDownLatch(1);
			this.pending = this.executor.submit(() -> {
				long[] acquiredAt = new long[1];
				announced.countDown();
				this.contender.locked(key, () -> acquiredAt[0] = System.nanoTime());
				return acquiredAt[0];
			});
			try {
				if (!announced.await(REPLY_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
					throw new IllegalStateException("Waiter thread did not start");
				}
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new IllegalStateException(ex);
			}
		}

		@Override
		public long awaitAcquired() throws Exception {
			return this.pending.get(REPLY_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
		}

		@Override
		public void close() {
			this.executor.shutdownNow();
		}

	}

	/**
	 * A waiter in the child JVM, using its own instance of the contender.
	 */
	static final class ChildWaiter implements Waiter {

		private final ChildJvm child;

		private final String contenderId;

		ChildWaiter(ChildJvm child, String contenderId) {
			this.child = child;
			this.contenderId = contenderId;
		}

		@Override
		public void startWaiting(String key) {
			try {
				String reply = this.child.request("wait " + this.contenderId + " " + key, REPLY_TIMEOUT);
				if (!"waiting".equals(reply)) {
					throw new IllegalStateException("Unexpected reply " + reply);
				}
			}
			catch (TimeoutException | InterruptedException ex) {
				throw new IllegalStateException(ex);
			}
		}

		@Override
		public long awaitAcquired() throws Exception {
			String reply = this.child.await(REPLY_TIMEOUT);
			if (!reply.startsWith("acquired ")) {
				throw new IllegalStateException("Unexpected reply " + reply);
			}
			return Long.parseLong(reply.substring("acquired ".length()));
		}

	}

}
