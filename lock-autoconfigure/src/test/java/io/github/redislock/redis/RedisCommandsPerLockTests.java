// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redis;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import io.github.redislock.core.DistributedLock;
import io.github.redislock.core.LockBackoff;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisMonitor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * What a lock costs Redis, counted by Redis itself ({@code INFO commandstats}, the
 * commands the scripts call included): an uncontended lock and unlock, and a hand-off
 * from an instance to one queued in Redis. Counts, not timings: they do not depend on the
 * machine's speed.
 *
 * @author redis-lock contributors
 */
class RedisCommandsPerLockTests extends RedisLockTestSupport {

	/** No retry while queued: the waiter is woken by its hand-off alone. */
	private static final LockBackoff SLOW_BACKOFF = new LockBackoff(Duration.ofSeconds(8), 1.0, Duration.ofSeconds(8),
			0.0);

	private static final int ROUNDS = 50;

	private static final Duration LEASE = Duration.ofSeconds(30);

	private static final Duration WAIT = Duration.ofSeconds(10);

	@Test
	void anUncontendedLockAndUnlockCostsAtMostSixCommands() {
		LockClientInstance instance = instance().start();
		DistributedLock lock = instance.client.getLock("uncontended");
		lock.lock();
		lock.unlock();

		server().command("CONFIG", "RESETSTAT");
		for (int i = 0; i < ROUNDS; i++) {
			lock.lock();
			lock.unlock();
		}
		Map<String, Long> commands = commands();

		assertThat(total(commands)).as("commands for %d lock+unlock: %s", ROUNDS, commands)
			.isLessThanOrEqualTo(6L * ROUNDS);
	}

	@Test
	void anUncontendedLockTakesOneSetAndItsReleaseOneScript() throws Exception {
		LockClientInstance instance = instance().start();
		DistributedLock lock = instance.client.getLock("bare");
		long setsBefore = commandCount("set");
		long scriptsBefore = commandCount("evalsha");

		assertThat(lock.tryLock(Duration.ZERO, LEASE, false)).isTrue();
		assertThat(commandCount("set") - setsBefore).as("SET calls to acquire").isEqualTo(1);
		assertThat(commandCount("evalsha") - scriptsBefore).as("script calls to acquire").isZero();
		lock.unlock();

		assertThat(commandCount("evalsha") - scriptsBefore).as("script calls to release").isEqualTo(1);
	}

	@Test
	void aBusyLockCostsTheFirstAttemptTwoReadsAndNoScript() throws Exception {
		LockClientInstance holder = instance().start();
		LockClientInstance other = instance().start();
		DistributedLock held = holder.client.getLock("busy");
		assertThat(held.tryLock(Duration.ZERO, LEASE, false)).isTrue();
		try {
			DistributedLock busy = other.client.getLock("busy");
			// Once first, so that the other instance's connection is open.
			assertThat(busy.tryLock(Duration.ZERO, LEASE, false)).isFalse();
			server().command("CONFIG", "RESETSTAT");

			assertThat(busy.tryLock(Duration.ZERO, LEASE, false)).isFalse();

			assertThat(commands()).as("the owner's record and the holder's lease read")
				.isEqualTo(Map.of("set", 1L, "get", 1L, "pttl", 1L));
		}
		finally {
			held.unlock();
		}
	}

	@Test
	void aHandOffBetweenInstancesCostsAtMostTwentyThreeCommands() throws Exception {
		LockClientInstance first = instance().backoff(SLOW_BACKOFF).start();
		LockClientInstance second = instance().backoff(SLOW_BACKOFF).start();
		// A lock is its thread's: each instance locks and unlocks on a thread of its own.
		ExecutorService[] threads = { Executors.newSingleThreadExecutor(), Executors.newSingleThreadExecutor() };
		DistributedLock[] locks = { first.client.getLock("handed"), second.client.getLock("handed") };
		try {
			assertThat(threads[0].submit(() -> locks[0].tryLock(Duration.ZERO, LEASE, false)).get(10, TimeUnit.SECONDS))
				.isTrue();
			// Each round, the instance that does not hold queues in Redis, and the holder
			// releases to it. The first two rounds open connections and load scripts.
			for (int i = 0; i < ROUNDS + 2; i++) {
				if (i == 2) {
					server().command("CONFIG", "RESETSTAT");
				}
				int holder = i % 2;
				int waiter = 1 - holder;
				Future<Boolean> taken = threads[waiter].submit(() -> locks[waiter].tryLock(WAIT, LEASE, false));
				await().atMost(WAIT).until(() -> ((Long) server().command("ZCARD", "lock:{handed}:queue")) == 1);
				threads[holder].submit(locks[holder]::unlock).get(10, TimeUnit.SECONDS);
				assertThat(taken.get(10, TimeUnit.SECONDS)).as("taken in round %d", i).isTrue();
			}
			Map<String, Long> commands = commands();
			threads[ROUNDS % 2].submit(locks[ROUNDS % 2]::unlock).get(10, TimeUnit.SECONDS);

			assertThat(total(commands)).as("commands for %d hand-offs: %s", ROUNDS, commands)
				.isLessThanOrEqualTo(23L * ROUNDS);
		}
		finally {
			for (ExecutorService thread : threads) {
				thread.shutdownNow();
			}
		}
	}

	@Test
	void aThreadWhoseTurnCameBehindAnotherOfItsInstanceAsksRedisInOneCommand() throws Exception {
		LockClientInstance other = instance().start();
		LockClientInstance instance = instance().backoff(SLOW_BACKOFF).start();
		DistributedLock held = other.client.getLock("turn");
		assertThat(held.tryLock(Duration.ZERO, LEASE, false)).isTrue();
		DistributedLock lock = instance.client.getLock("turn");
		ExecutorService firstThread = Executors.newSingleThreadExecutor();
		ExecutorService secondThread = Executors.newSingleThreadExecutor();
		CommandMonitor monitor = new CommandMonitor(server().port(), "\"lock:{turn}\"");
		try {
			Future<Boolean> first = firstThread.submit(() -> lock.tryLock(WAIT.multipliedBy(3), LEASE, false));
			await().atMost(WAIT).until(() -> queued("turn").size() == 1);
			String firstPlace = queued("turn").get(0);
			Future<Boolean> second = secondThread.submit(() -> lock.tryLock(WAIT, LEASE, false));
			await().atMost(WAIT)
				.until(() -> instance.client.waits()
					.stream()
					.anyMatch((wait) -> wait.name().equals("turn") && wait.waitingThreads() == 2));
			monitor.start();

			// The first thread gives up its place; the second gets its turn in the
			// instance,
			// finds the lock busy, and queues.
			firstThread.shutdownNow();
			assertThatExceptionOfType(ExecutionException.class).isThrownBy(() -> first.get(10, TimeUnit.SECONDS))
				.withCauseInstanceOf(InterruptedException.class);
			await().atMost(WAIT).until(() -> !queued("turn").isEmpty() && !queued("turn").contains(firstPlace));
			await().atMost(WAIT).until(() -> monitor.sent().size() >= 3);

			assertThat(monitor.sent()).as("what the instance sent about the lock, its scripts' commands aside")
				// A script, or the same sent whole to a server that had not loaded it.
				.allMatch((command) -> command.startsWith("\"EVALSHA\"") || command.startsWith("\"EVAL\""));
			held.unlock();
			assertThat(second.get(10, TimeUnit.SECONDS)).isTrue();
			secondThread.submit(lock::unlock).get(10, TimeUnit.SECONDS);
		}
		finally {
			monitor.close();
			firstThread.shutdownNow();
			secondThread.shutdownNow();
		}
	}

	private static List<String> queued(String name) {
		return ((List<?>) server().command("ZRANGE", "lock:{" + name + "}:queue", "0", "-1")).stream()
			.map(String::valueOf)
			.toList();
	}

	/** Redis's MONITOR, keeping what clients sent about one key. */
	private static final class CommandMonitor implements AutoCloseable {

		private final Jedis jedis;

		private final String key;

		private final List<String> sent = new CopyOnWriteArrayList<>();

		private final CountDownLatch started = new CountDownLatch(1);

		private final Thread thread;

		CommandMonitor(int port, String key) {
			this.jedis = new Jedis("127.0.0.1", port);
			this.key = key;
			this.thread = new Thread(this::monitor, "command-monitor");
		}

		/** Returns once the monitor sees what clients send. */
		void start() throws InterruptedException {
			this.thread.start();
			for (int i = 0; i < 100 && !this.started.await(100, TimeUnit.MILLISECONDS); i++) {
				server().command("ECHO", "monitor-started");
			}
			assertThat(this.started.getCount()).as("monitor started").isZero();
		}

		List<String> sent() {
			return List.copyOf(this.sent);
		}

		private void monitor() {
			try {
				this.jedis.monitor(new JedisMonitor() {

					@Override
					public void onCommand(String command) {
						if (command.contains("monitor-started")) {
							CommandMonitor.this.started.countDown();
						}
						else if (!command.contains("[0 lua]") && command.contains(CommandMonitor.this.key)) {
							CommandMonitor.this.sent.add(command.substring(command.indexOf('"')));
						}
					}

				});
			}
			catch (RuntimeException ex) {
				// The connection closed.
			}
		}

		@Override
		public void close() throws InterruptedException {
			this.jedis.disconnect();
			this.thread.join(10_000);
		}

	}

	private static Map<String, Long> commands() {
		Map<String, Long> counts = new TreeMap<>();
		server().info("commandstats").forEach((stat, value) -> {
			String command = stat.substring("cmdstat_".length());
			if (!command.startsWith("config") && !command.equals("info") && !command.equals("zcard")
					&& !command.equals("ping")) {
				String calls = value.split(",")[0];
				counts.put(command, Long.parseLong(calls.substring(calls.indexOf('=') + 1)));
			}
		});
		return counts;
	}

	private static long total(Map<String, Long> commands) {
		return commands.values().stream().mapToLong(Long::longValue).sum();
	}

}
