// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redis;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

import io.github.redislock.core.DistributedLock;
import io.github.redislock.core.LockLostException;
import io.github.redislock.core.LockStoreException;
import io.github.redislock.engine.LockClientProbe;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatNoException;

/**
 * An interrupt may land at any moment of a call, also while it waits for Redis: a release
 * still reaches Redis and a fencing token is still issued, a re-entry gives up like any
 * interrupted acquisition, and the interrupt is never lost.
 *
 * @author redis-lock contributors
 */
class InterruptTests extends RedisLockTestSupport {

	private static final int ROUNDS = 300;

	/** Longer than a round trip to Redis, so interrupts land before, during and after. */
	private static final long MAX_INTERRUPT_DELAY_NANOS = TimeUnit.MICROSECONDS.toNanos(600);

	private Interrupter interrupter;

	@BeforeEach
	void startInterrupter() {
		this.interrupter = new Interrupter(Thread.currentThread());
	}

	@AfterEach
	void stopInterrupter() throws InterruptedException {
		this.interrupter.stop();
		Thread.interrupted();
	}

	@Test
	void aReleaseInterruptedOnEveryAttemptSaysSoRatherThanBlameTheStore() throws Exception {
		LockClientInstance instance = instance().storeDecorator((store) -> new DelegatingLockStore(store) {

			@Override
			public boolean release(String name, String ownerToken) {
				throw new LockStoreException(name, "Redis command interrupted", new InterruptedException());
			}

		}).start();
		DistributedLock lock = instance.client.getLock("interrupted-always");
		assertThat(lock.tryLock(Duration.ZERO, Duration.ofSeconds(1), false)).isTrue();
		assertThatExceptionOfType(LockStoreException.class).isThrownBy(lock::unlock)
			.withMessageContaining("the thread was interrupted on every attempt")
			.withMessageNotContaining("the lock store failed");
		assertThat(Thread.interrupted()).as("the interrupt is kept").isTrue();
	}

	@Test
	void everyReleaseReachesRedisWhereverTheInterruptLands() throws Exception {
		LockClientInstance instance = instance().start();
		DistributedLock lock = instance.client.getLock("interrupted-release");
		String key = instance.keys.lockKey("interrupted-release");
		for (int round = 0; round < ROUNDS; round++) {
			assertThat(lock.tryLock(Duration.ofSeconds(5), Duration.ofSeconds(30), round % 2 == 0)).isTrue();
			this.interrupter.interruptSoon();
			assertThatNoException().as("release in round %d", round).isThrownBy(lock::unlock);
			this.interrupter.awaitInterrupted();
			assertThat(Thread.interrupted()).as("interrupt kept in round %d", round).isTrue();
			assertThat(server().command("EXISTS", key)).as("lock key after release in round %d", round).isEqualTo(0L);
			assertThat(lock.getHoldCount()).isZero();
		}
		assertThat(LockClientProbe.activeLockCount(instance.client)).isZero();
	}

	@Test
	void aReleaseInterruptedAgainAndAgainStillReportsALeaseRedisNoLongerRecords() throws Exception {
		LockClientInstance instance = instance().start();
		DistributedLock lock = instance.client.getLock("interrupted-after-loss");
		String key = instance.keys.lockKey("interrupted-after-loss");
		try (ContinuousInterrupter interrupter = new ContinuousInterrupter(Thread.currentThread())) {
			for (int round = 0; round < ROUNDS / 3; round++) {
				assertThat(lock.tryLock(Duration.ofSeconds(5), Duration.ofSeconds(30), false)).isTrue();
				// Lost as to a failover or an operator's DEL, with no renewal to notice.
				assertThat(server().command("DEL", key)).isEqualTo(1L);
				interrupter.begin();
				try {
					assertThatExceptionOfType(LockLostException.class).as("release in round %d", round)
						.isThrownBy(lock::unlock);
				}
				finally {
					interrupter.end();
				}
				Thread.interrupted();
			}
		}
		assertThat(LockClientProbe.activeLockCount(instance.client)).isZero();
	}

	@Test
	void aReleaseFinishesWhileItsThreadIsInterruptedAgainAndAgain() throws Exception {
		LockClientInstance instance = instance().start();
		DistributedLock lock = instance.client.getLock("interrupted-continuously");
		String key = instance.keys.lockKey("interrupted-continuously");
		try (ContinuousInterrupter interrupter = new ContinuousInterrupter(Thread.currentThread())) {
			for (int round = 0; round < ROUNDS; round++) {
				assertThat(lock.tryLock(Duration.ofSeconds(5), Duration.ofSeconds(30), round % 2 == 0)).isTrue();
				interrupter.begin();
				try {
					assertThatNoException().as("release in round %d", round).isThrownBy(lock::unlock);
				}
				finally {
					interrupter.end();
				}
				assertThat(Thread.interrupted()).as("interrupt kept in round %d", round).isTrue();
				assertThat(server().command("EXISTS", key)).as("lock key after release in round %d", round)
					.isEqualTo(0L);
			}
		}
		assertThat(LockClientProbe.activeLockCount(instance.client)).isZero();
	}

	@Test
	void aPassToAnotherThreadInterruptedWhileRedisIsSlowStillReachesThatThread() throws Exception {
		LockClientInstance instance = instance().start();
		DistributedLock lock = instance.client.getLock("passed-while-interrupted");
		assertThat(lock.tryLock(Duration.ZERO, Duration.ofSeconds(30), true)).isTrue();
		CompletableFuture<Long> waited = new CompletableFuture<>();
		Thread waiter = new Thread(() -> {
			long began = System.nanoTime();
			try {
				if (lock.tryLock(Duration.ofSeconds(20), Duration.ofSeconds(30), true)) {
					long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - began);
					lock.unlock();
					waited.complete(millis);
				}
				else {
					waited.complete(-1L);
				}
			}
			catch (Throwable ex) {
				waited.completeExceptionally(ex);
			}
		});
		waiter.start();
		Awaitility.await()
			.atMost(Duration.ofSeconds(10))
			.until(() -> waiter.getState() == Thread.State.WAITING || waiter.getState() == Thread.State.TIMED_WAITING);
		Thread holder = Thread.currentThread();
		server().pause();
		CompletableFuture<Void> faults = CompletableFuture.runAsync(() -> {
			LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(100));
			holder.interrupt();
			LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(200));
			server().resume();
		});
		try {
			assertThatNoException().as("the release that passes the lock on").isThrownBy(lock::unlock);
		}
		finally {
			// Once the interrupt has landed, wherever it did, so that it stays in this
			// test.
			boolean done = false;
			while (!done) {
				try {
					faults.get(10, TimeUnit.SECONDS);
					done = true;
				}
				catch (InterruptedException ex) {
					// The holder's interrupt: wait on.
				}
			}
			Thread.interrupted();
			server().resume();
		}
		assertThat(waited.get(10, TimeUnit.SECONDS)).as("ms the other thread waited, with a 30 s lease at stake")
			.isBetween(0L, 5_000L);
		assertThat(server().command("EXISTS", instance.keys.lockKey("passed-while-interrupted"))).isEqualTo(0L);
	}

	@Test
	void aReleaseOfAnInterruptedThreadReachesRedisAndKeepsTheInterrupt() throws Exception {
		LockClientInstance instance = instance().start();
		DistributedLock lock = instance.client.getLock("interrupted-before");
		assertThat(lock.tryLock(Duration.ZERO, Duration.ofSeconds(30), true)).isTrue();
		Thread.currentThread().interrupt();
		lock.unlock();
		assertThat(Thread.interrupted()).isTrue();
		assertThat(server().command("EXISTS", instance.keys.lockKey("interrupted-before"))).isEqualTo(0L);
	}

	@Test
	void aFencingTokenIsIssuedWhereverTheInterruptLands() throws Exception {
		LockClientInstance instance = instance().start();
		DistributedLock lock = instance.client.getLock("interrupted-token");
		long lastToken = 0;
		for (int round = 0; round < ROUNDS; round++) {
			assertThat(lock.tryLock(Duration.ofSeconds(5), Duration.ofSeconds(30), false)).isTrue();
			try {
				this.interrupter.interruptSoon();
				long token = lock.getFencingToken();
				this.interrupter.awaitInterrupted();
				assertThat(Thread.interrupted()).as("interrupt kept in round %d", round).isTrue();
				assertThat(token).isGreaterThan(lastToken);
				lastToken = token;
			}
			finally {
				lock.unlock();
			}
		}
	}

	@Test
	void anInterruptedReentryGivesUpLikeAnInterruptedAcquisitionAndKeepsTheOuterHold() throws Exception {
		LockClientInstance instance = instance().start();
		DistributedLock lock = instance.client.getLock("interrupted-reentry");
		assertThat(lock.tryLock(Duration.ZERO, Duration.ofSeconds(30), false)).isTrue();
		int interruptedReentries = 0;
		for (int round = 0; round < ROUNDS; round++) {
			this.interrupter.interruptSoon();
			// A longer lease than the hold has makes the re-entry extend it in Redis.
			Duration longerLease = Duration.ofSeconds(30).plusMillis(round + 1);
			try {
				assertThat(lock.tryLock(Duration.ZERO, longerLease, false)).isTrue();
				lock.unlock();
			}
			catch (InterruptedException ex) {
				interruptedReentries++;
			}
			this.interrupter.awaitInterrupted();
			Thread.interrupted();
			assertThat(lock.getHoldCount()).as("outer hold in round %d", round).isEqualTo(1);
			assertThat(lock.isHeldByCurrentThread()).isTrue();
		}
		assertThat(interruptedReentries).as("re-entries that saw the interrupt").isPositive();
		lock.unlock();
		assertThat(server().command("EXISTS", instance.keys.lockKey("interrupted-reentry"))).isEqualTo(0L);
	}

	/**
	 * Interrupts one thread once per round, after a random delay, so that over many
	 * rounds the interrupt lands at every point of the call under test.
	 */
	private static final class Interrupter {

		private final SynchronousQueue<Long> delays = new SynchronousQueue<>();

		private final SynchronousQueue<Boolean> done = new SynchronousQueue<>();

		private final Thread thread;

		Interrupter(Thread target) {
			this.thread = new Thread(() -> {
				try {
					while (true) {
						long delay = this.delays.take();
						if (delay < 0) {
							return;
						}
						LockSupport.parkNanos(delay);
						target.interrupt();
						this.done.put(Boolean.TRUE);
					}
				}
				catch (InterruptedException ex) {
					// Stopped.
				}
			}, "interrupter");
			this.thread.setDaemon(true);
			this.thread.start();
		}

		void interruptSoon() throws InterruptedException {
			long delay = ThreadLocalRandom.current().nextLong(MAX_INTERRUPT_DELAY_NANOS);
			assertThat(this.delays.offer(delay, 5, TimeUnit.SECONDS)).as("interrupter ready").isTrue();
		}

		/**
		 * Wait until the interrupt of this round was sent, without being woken by it.
		 */
		void awaitInterrupted() {
			boolean interrupted = Thread.interrupted();
			try {
				for (int attempt = 0; attempt < 100; attempt++) {
					try {
						if (this.done.poll(100, TimeUnit.MILLISECONDS) != null) {
							return;
						}
					}
					catch (InterruptedException ex) {
						interrupted = true;
					}
				}
				throw new IllegalStateException("Interrupter did not interrupt in time");
			}
			finally {
				if (interrupted) {
					Thread.currentThread().interrupt();
				}
			}
		}

		void stop() throws InterruptedException {
			this.thread.interrupt();
			this.thread.join(TimeUnit.SECONDS.toMillis(5));
		}

	}

	/**
	 * Interrupts a thread again and again between {@link #begin()} and {@link #end()}.
	 */
	private static final class ContinuousInterrupter implements AutoCloseable {

		private final AtomicLong phase = new AtomicLong();

		private final AtomicLong seen = new AtomicLong();

		private final Thread thread;

		private volatile boolean closed;

		ContinuousInterrupter(Thread target) {
			this.thread = new Thread(() -> {
				long end = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
				while (!this.closed && System.nanoTime() - end < 0) {
					long current = this.phase.get();
					if (current % 2 == 1) {
						target.interrupt();
					}
					else {
						this.seen.set(current);
					}
					Thread.onSpinWait();
				}
			}, "continuous-interrupter");
			this.thread.setDaemon(true);
			this.thread.start();
		}

		/**
		 * Start interrupting, and wait for the first interrupt to land.
		 */
		void begin() {
			this.phase.incrementAndGet();
			long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
			while (!Thread.currentThread().isInterrupted()) {
				assertThat(System.nanoTime() - deadline).as("first interrupt").isNegative();
				Thread.onSpinWait();
			}
		}

		/**
		 * Stop interrupting, and wait until no interrupt can land any more.
		 */
		void end() {
			long stopped = this.phase.incrementAndGet();
			long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
			while (this.seen.get() != stopped) {
				assertThat(System.nanoTime() - deadline).as("interrupter stopped").isNegative();
				Thread.onSpinWait();
			}
		}

		@Override
		public void close() throws InterruptedException {
			this.closed = true;
			this.thread.join(TimeUnit.SECONDS.toMillis(10));
		}

	}

}
