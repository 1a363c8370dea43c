// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.engine;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import io.github.redislock.core.LockBackoff;
import io.github.redislock.core.LockDefinition;
import io.github.redislock.core.LockLease;
import io.github.redislock.redlock.RedlockStore;
import io.github.redislock.testsupport.RedisNode;
import io.github.redislock.testsupport.RedisServerExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Asynchronous holders of a Redlock with one master paused (SIGSTOP) ask the masters
 * without any thread of the lock client: an acquisition takes the lock on the majority
 * while the client's only thread is busy with another task, and holders whose clients
 * have one thread each still exclude one another while masters pause.
 *
 * @author redis-lock contributors
 */
class AsynchronousRedlockHoldersTakeNoClientThreadTests {

	private static final Duration LEASE = Duration.ofSeconds(10);

	/**
	 * Short, as two holders that each took the lock on half of the masters that answer
	 * wait for the paused one until then.
	 */
	private static final int SECTIONS_PER_HOLDER = 15;

	private static final Duration NODE_TIMEOUT = Duration.ofMillis(200);

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	private final List<AutoCloseable> closeables = new ArrayList<>();

	private final List<RedisNode> paused = new ArrayList<>();

	@AfterEach
	void close() throws Exception {
		for (AutoCloseable closeable : this.closeables) {
			closeable.close();
		}
		this.paused.forEach(RedisNode::resume);
	}

	@Test
	void anAcquisitionTakesTheLockOnAMajorityWhileTheClientsOnlyThreadIsBusy() throws Exception {
		List<RedisNode> masters = redis.masters(5);
		OneThreadRuntime runtime = new OneThreadRuntime();
		DefaultLockClient client = client(masters, runtime);
		pause(masters.get(4));
		CountDownLatch busy = new CountDownLatch(1);
		CountDownLatch free = new CountDownLatch(1);
		runtime.clientThread().execute(() -> {
			busy.countDown();
			try {
				free.await(30, TimeUnit.SECONDS);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		});
		assertThat(busy.await(10, TimeUnit.SECONDS)).as("the client's thread taken").isTrue();

		CompletableFuture<Optional<LockLease>> acquired = client
			.tryAcquireAsync(new LockDefinition("busy-thread", LEASE, Duration.ZERO, true));
		await().atMost(Duration.ofSeconds(10))
			.untilAsserted(() -> assertThat(holdingMasters(masters, "busy-thread"))
				.as("masters holding the lock while the client's thread is busy")
				.isEqualTo(4));
		assertThat(acquired).as("answered on the client's thread, still busy").isNotDone();

		free.countDown();
		Optional<LockLease> lease = acquired.get(10, TimeUnit.SECONDS);
		assertThat(lease).isPresent();
		lease.get().release().toCompletableFuture().get(10, TimeUnit.SECONDS);
		// The release answers once a majority confirmed it; the last master's may follow.
		await().atMost(Duration.ofSeconds(10))
			.untilAsserted(() -> assertThat(holdingMasters(masters, "busy-thread"))
				.as("masters holding the lock after its release")
				.isZero());
	}

	/**
	 * A master is paused and resumed again and again while the holders run: two holders
	 * that took the lock on two masters each wait for the paused one until the node
	 * timeout, so a master paused throughout would leave few sections.
	 */
	@Test
	void asynchronousHoldersOfClientsWithOneThreadEachExcludeOneAnotherWhileAMasterPauses() throws Exception {
		List<RedisNode> masters = redis.masters(5);
		List<DefaultLockClient> clients = List.of(client(masters, new OneThreadRuntime()),
				client(masters, new OneThreadRuntime()), client(masters, new OneThreadRuntime()));
		long[] counter = { 0 };
		AtomicLong sections = new AtomicLong();
		AtomicLong refused = new AtomicLong();
		LockDefinition definition = new LockDefinition("one-thread-counter", LEASE, Duration.ofSeconds(5), true);
		List<CompletableFuture<Void>> holders = new ArrayList<>();
		for (DefaultLockClient client : clients) {
			for (int h = 0; h < 3; h++) {
				holders.add(CompletableFuture.runAsync(() -> {
					for (int i = 0; i < SECTIONS_PER_HOLDER; i++) {
						Optional<LockLease> lease = acquire(client, definition);
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
							try {
								lease.get().release().toCompletableFuture().join();
							}
							catch (CompletionException ex) {
								// The counter shows whether exclusion held.
							}
						}
					}
				}, (runnable) -> new Thread(runnable).start()));
			}
		}
		CompletableFuture<Void> done = CompletableFuture.allOf(holders.toArray(CompletableFuture[]::new));
		int pauses = 0;
		Random random = new Random(7);
		while (!done.isDone() && pauses < 40) {
			RedisNode master = masters.get(random.nextInt(masters.size()));
			pause(master);
			pauses++;
			awaitQuietly(done, Duration.ofMillis(300 + random.nextInt(500)));
			master.resume();
			this.paused.remove(master);
			awaitQuietly(done, Duration.ofMillis(200));
		}
		done.get(120, TimeUnit.SECONDS);
		synchronized (counter) {
			assertThat(counter[0])
				.as("counter after %d sections, %d refused, %d pauses", sections.get(), refused.get(), pauses)
				.isEqualTo(sections.get());
		}
		assertThat(pauses).as("pauses while the holders ran").isPositive();
		assertThat(sections.get()).as("sections completed").isGreaterThan(SECTIONS_PER_HOLDER);
	}

	/** Empty when refused, or when the masters were too slow to answer. */
	private static Optional<LockLease> acquire(DefaultLockClient client, LockDefinition definition) {
		try {
			return client.tryAcquireAsync(definition).join();
		}
		catch (CompletionException ex) {
			return Optional.empty();
		}
	}

	private static void awaitQuietly(CompletableFuture<?> done, Duration time) {
		try {
			done.get(time.toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (Exception ex) {
			// Not done yet, or failed: the caller looks again.
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

	private DefaultLockClient client(List<RedisNode> masters, OneThreadRuntime runtime) {
		List<String> urls = masters.stream().map((master) -> "redis://" + master.host() + ":" + master.port()).toList();
		RedlockStore store = RedlockStore.connect(urls, "lock:", NODE_TIMEOUT, 0.01);
		assertThat(store.isNonBlocking()).as("a Redlock over Lettuce connections").isTrue();
		DefaultLockClient client = new DefaultLockClient(store, LEASE, true,
				new LockBackoff(Duration.ofMillis(20), 2.0, Duration.ofMillis(200), 0.5), (event) -> {
				}, runtime);
		this.closeables.add(0, store);
		this.closeables.add(0, client);
		return client;
	}

	private void pause(RedisNode master) {
		master.pause();
		this.paused.add(master);
	}

	private static long holdingMasters(List<RedisNode> masters, String name) {
		return masters.stream()
			.filter((master) -> !master.isPaused())
			.filter((master) -> Long.valueOf(1).equals(master.command("EXISTS", "lock:{" + name + "}")))
			.count();
	}

	/**
	 * The system's time and timers, with one thread for the client's tasks that run
	 * application code or may block.
	 */
	private static final class OneThreadRuntime implements EngineRuntime {

		private final ExecutorService clientThread = EngineRuntime.SYSTEM.threads("one-client-thread", 1);

		ExecutorService clientThread() {
			return this.clientThread;
		}

		@Override
		public long nanoTime() {
			return EngineRuntime.SYSTEM.nanoTime();
		}

		@Override
		public Instant now() {
			return EngineRuntime.SYSTEM.now();
		}

		@Override
		public ScheduledExecutorService timer(String threadName) {
			return EngineRuntime.SYSTEM.timer(threadName);
		}

		@Override
		public ExecutorService threads(String threadName, int maxThreads) {
			return threadName.equals("redis-lock-async-") ? this.clientThread
					: EngineRuntime.SYSTEM.threads(threadName, maxThreads);
		}

	}

}
