// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redlock;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import io.github.redislock.core.DistributedLock;
import io.github.redislock.core.LockDefinition;
import io.github.redislock.core.LockException;
import io.github.redislock.core.LockLease;
import io.github.redislock.core.LockStoreException;
import io.github.redislock.engine.DefaultLockClient;
import io.github.redislock.testsupport.RedisNode;
import io.github.redislock.testsupport.RedisServerExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two instances of eight threads each increment a counter with a read, a pause and a
 * write, under a Redlock of five masters, while one or two of the masters at a time are
 * killed and restarted after the lease, or paused and resumed: the counter ends exact.
 *
 * @author redis-lock contributors
 */
class RedlockMutualExclusionTests {

	private static final Duration LEASE = Duration.ofSeconds(2);

	private static final int THREADS = 8;

	private static final int SECTIONS_PER_THREAD = 60;

	/** Faults to inject at least while the workers run. */
	private static final int MIN_FAULTS = 4;

	private static final Duration BOUND = Duration.ofSeconds(120);

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	private final List<AutoCloseable> closeables = new ArrayList<>();

	@AfterEach
	void close() throws Exception {
		for (AutoCloseable closeable : this.closeables) {
			closeable.close();
		}
	}

	@Test
	void aCounterIncrementedUnderTheLockEndsExactWhileNodesFail() throws Exception {
		List<RedisNode> masters = redis.masters(5);
		List<DefaultLockClient> instances = List.of(instance(masters), instance(masters));
		long[] counter = { 0 };
		AtomicLong sections = new AtomicLong();
		AtomicInteger refused = new AtomicInteger();
		CountDownLatch done = new CountDownLatch(2 * THREADS);
		AtomicInteger faultsInjected = new AtomicInteger();
		long deadline = System.nanoTime() + BOUND.toNanos();
		for (DefaultLockClient client : instances) {
			for (int t = 0; t < THREADS; t++) {
				Thread thread = new Thread(() -> {
					try {
						// Until both the sections and the faults are done: a fast run
						// must
						// still meet every kind of fault.
						for (int i = 0; (i < SECTIONS_PER_THREAD || faultsInjected.get() < MIN_FAULTS)
								&& System.nanoTime() < deadline; i++) {
							DistributedLock lock = client.getLock("counter");
							try {
								if (!lock.tryLock(Duration.ofSeconds(5), LEASE, true)) {
									refused.incrementAndGet();
									continue;
								}
							}
							catch (LockException ex) {
								refused.incrementAndGet();
								continue;
							}
							try {
								long read = counter[0];
								Thread.sleep(1);
								counter[0] = read + 1;
								sections.incrementAndGet();
							}
							finally {
								unlockQuietly(lock);
							}
						}
					}
					catch (InterruptedException ex) {
						Thread.currentThread().interrupt();
					}
					finally {
						done.countDown();
					}
				}, "counter-" + t);
				thread.start();
			}
		}
		int faults = injectFaults(masters, done, deadline, faultsInjected);

		assertThat(done.await(BOUND.toSeconds() + 30, TimeUnit.SECONDS)).as("workers done").isTrue();
		synchronized (counter) {
			assertThat(counter[0])
				.as("counter after %d sections, %d refused, %d faults", sections.get(), refused.get(), faults)
				.isEqualTo(sections.get());
		}
		assertThat(faults).as("faults injected while the workers ran").isGreaterThanOrEqualTo(MIN_FAULTS);
		assertThat(sections.get()).as("sections completed").isGreaterThan(THREADS);
	}

	/**
	 * Asynchronous holders wait through chains of attempts woken by the release
	 * notifications of every master at once: a wake-up that races a scheduled attempt
	 * must not start a second attempt beside it, whose late grant would be given back
	 * under the holder.
	 */
	@Test
	void aCounterIncrementedUnderAsynchronousLeasesEndsExact() throws Exception {
		List<RedisNode> masters = redis.masters(5);
		List<DefaultLockClient> instances = List.of(instance(masters), instance(masters));
		long[] counter = { 0 };
		AtomicLong sections = new AtomicLong();
		AtomicLong refused = new AtomicLong();
		AtomicLong failed = new AtomicLong();
		LockDefinition definition = new LockDefinition("async-counter", LEASE, Duration.ofSeconds(10), true);
		long deadline = System.nanoTime() + BOUND.toNanos();
		List<CompletableFuture<Void>> holders = new ArrayList<>();
		for (DefaultLockClient client : instances) {
			for (int h = 0; h < THREADS; h++) {
				holders.add(CompletableFuture.runAsync(() -> {
					for (int i = 0; i < SECTIONS_PER_THREAD && System.nanoTime() < deadline; i++) {
						Optional<LockLease> lease;
						try {
							lease = client.tryAcquireAsync(definition).toCompletableFuture().join();
						}
						catch (CompletionException ex) {
							// Masters too slow to answer on a loaded machine: the attempt
							// fails loudly, and the counter shows whether exclusion held.
							assertThat(ex).hasCauseInstanceOf(LockStoreException.class);
							failed.incrementAndGet();
							continue;
						}
						if (lease.isEmpty()) {
							refused.incrementAndGet();
							continue;
						}
						try {
							long read = counter[0];
							sleepBriefly();
							counter[0] = read + 1;
							sections.incrementAndGet();
						}
						finally {
							releaseQuietly(lease.get());
						}
					}
				}, runnable -> new Thread(runnable).start()));
			}
		}
		CompletableFuture.allOf(holders.toArray(CompletableFuture[]::new))
			.get(BOUND.toSeconds() + 30, TimeUnit.SECONDS);
		synchronized (counter) {
			assertThat(counter[0])
				.as("counter after %d sections, %d refused, %d failed", sections.get(), refused.get(), failed.get())
				.isEqualTo(sections.get());
		}
		assertThat(sections.get()).as("sections completed").isGreaterThan(THREADS);
	}

	/**
	 * Kill one or two masters and restart them after the lease, or pause and resume them,
	 * until the workers are done: never more than two at once, and never a restart sooner
	 * than the lease (that would be Redlock's documented caveat, which
	 * {@link RedlockRestartTests} shows on its own).
	 */
	private static int injectFaults(List<RedisNode> masters, CountDownLatch done, long deadline, AtomicInteger injected)
			throws Exception {
		Random random = new Random(42);
		int faults = 0;
		while (done.getCount() > 0 && System.nanoTime() < deadline && faults < 40) {
			List<RedisNode> hit = new ArrayList<>(masters);
			java.util.Collections.shuffle(hit, random);
			hit = hit.subList(0, 1 + random.nextInt(2));
			boolean kill = random.nextBoolean();
			for (RedisNode node : hit) {
				if (kill) {
					node.kill();
				}
				else {
					node.pause();
				}
			}
			done.await(kill ? LEASE.toMillis() + 500 : 300 + random.nextInt(700), TimeUnit.MILLISECONDS);
			for (RedisNode node : hit) {
				if (kill) {
					node.restart();
				}
				else {
					node.resume();
				}
			}
			faults++;
			injected.set(faults);
			done.await(200, TimeUnit.MILLISECONDS);
		}
		return faults;
	}

	private DefaultLockClient instance(List<RedisNode> masters) {
		RedlockNodes nodes = RedlockNodes.on(masters);
		DefaultLockClient client = nodes.client(LEASE, (event) -> {
		});
		this.closeables.add(0, nodes);
		this.closeables.add(0, client);
		return client;
	}

	private static void unlockQuietly(DistributedLock lock) {
		try {
			lock.unlock();
		}
		catch (LockException ex) {
			// A release the nodes could not confirm: the lease ends the lock.
		}
	}

	private static void releaseQuietly(LockLease lease) {
		try {
			lease.release().toCompletableFuture().join();
		}
		catch (CompletionException ex) {
			// A release the nodes could not confirm, or a lease reported lost: the
			// counter shows whether exclusion held.
		}
	}

	private static void sleepBriefly() {
		try {
			Thread.sleep(1);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

}
