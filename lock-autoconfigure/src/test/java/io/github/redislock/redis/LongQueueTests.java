// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redis;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import io.github.redislock.store.LockStore.HandOff;
import io.github.redislock.store.LockStore.Queueing;
import io.github.redislock.store.LockStore.ReleaseListener;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * However many processes queue for one lock, each release touches only the head of the
 * queue: the longest-queued waiter, and a bounded number of places that ran out ahead of
 * it. The order of hand-offs stays the order of arrival.
 *
 * @author redis-lock contributors
 */
class LongQueueTests extends RedisLockTestSupport {

	private static final Duration LEASE = Duration.ofSeconds(30);

	private static final Duration PLACE = Duration.ofMinutes(1);

	/**
	 * Places that ran out ahead of a live waiter which one release drops at most, as
	 * release.lua says; it looks at one more place.
	 */
	private static final int MAX_DROPPED = 16;

	@Test
	void tenThousandQueuedProcessesAreHandedTheLockInTheOrderTheyQueued() {
		LockClientInstance instance = instance().start();
		RedisLockStore store = instance.store;
		assertThat(store.tryAcquire("long", "holder", LEASE).acquired()).isTrue();
		int waiters = 10_000;
		for (int i = 0; i < waiters; i++) {
			queue(store, "long", waiter(i), PLACE);
		}

		String holder = "holder";
		for (int i = 0; i < waiters; i++) {
			assertThat(store.release("long", holder)).isTrue();
			Object value = server().command("GET", "lock:{long}");
			assertThat(HolderRecords.grantedTo(value)).as("hand-off %d", i).isEqualTo(waiter(i));
			holder = HolderRecords.ownerToken(value);
		}
		assertThat(store.release("long", holder)).isTrue();
		assertThat(lockKeys()).isEmpty();
	}

	@Test
	void releaseWithTenThousandProcessesQueuedRunsAHandfulOfCommands() {
		LockClientInstance instance = instance().start();
		RedisLockStore store = instance.store;
		assertThat(store.tryAcquire("hot", "holder", LEASE).acquired()).isTrue();
		for (int i = 0; i < 10_000; i++) {
			queue(store, "hot", waiter(i), PLACE);
		}
		server().command("CONFIG", "RESETSTAT");

		assertThat(store.release("hot", "holder")).isTrue();

		// Seven for the queue and the hand-off and two to remember the release (Redis 6.2
		// counts one more), however many wait.
		assertThat(commandsRunByScripts()).as("commands run by release.lua").isLessThanOrEqualTo(10);
		assertThat(HolderRecords.grantedTo(server().command("GET", "lock:{hot}"))).isEqualTo(waiter(0));
		server().command("DEL", "lock:{hot}", "lock:{hot}:waiters", "lock:{hot}:queue");
	}

	@Test
	void placesThatRanOutAreDroppedAFewPerReleaseWhileTheLiveWaitersAreWokenToTakeTheLock() throws Exception {
		LockClientInstance instance = instance().start();
		RedisLockStore store = instance.store;
		Notifications notifications = new Notifications();
		try (AutoCloseable subscription = store.subscribe("dead", notifications)) {
			assertThat(notifications.next()).as("subscribed").isNull();
			assertThat(store.tryAcquire("dead", "holder", LEASE).acquired()).isTrue();
			// Queued first, so that the queue outlives the places that run out.
			queue(store, "dead", "keeper", PLACE);
			int dead = 3 * MAX_DROPPED + 5;
			for (int i = 0; i < dead; i++) {
				queue(store, "dead", waiter(i), Duration.ofMillis(1));
			}
			long ranOutAt = serverMillis() + 5;
			await().atMost(Duration.ofSeconds(5)).until(() -> serverMillis() > ranOutAt);
			assertThat(store.release("dead", "keeper")).as("leaving").isFalse();
			queue(store, "dead", "live", PLACE);

			server().command("CONFIG", "RESETSTAT");
			assertThat(store.release("dead", "holder")).isTrue();
			assertThat(commandsRunByScripts()).as("commands run by release.lua")
				.isLessThanOrEqualTo(4 * MAX_DROPPED + 8);
			assertThat(notifications.next()).as("woken to take the free lock").isNull();
			assertThat(queued("dead")).isEqualTo(dead + 1 - (MAX_DROPPED + 1));

			int releases = 1;
			while (!"live".equals(HolderRecords.grantedTo(server().command("GET", "lock:{dead}")))) {
				assertThat(releases).as("releases before the live waiter's turn").isLessThan(dead / MAX_DROPPED + 2);
				assertThat(store.tryAcquire("dead", "holder", LEASE).acquired()).isTrue();
				// Woken, the live waiter asks again, and finds the lock taken.
				assertThat(store.tryAcquire("dead", "live", LEASE, new Queueing(PLACE, LEASE, 1, true)).acquired())
					.isFalse();
				assertThat(store.release("dead", "holder")).isTrue();
				releases++;
			}
			HandOff handOff = notifications.nextHandOff(releases);
			assertThat(handOff.ownerToken()).isEqualTo("live");
			assertThat(handOff.ticket()).isEqualTo(1);
			assertThat(queued("dead")).isZero();
			assertThat(store.release("dead", "live")).isTrue();
		}
	}

	@Test
	void liveWaiterBehindTheMostPlacesOneReleaseDropsIsHandedTheLock() {
		LockClientInstance instance = instance().start();
		RedisLockStore store = instance.store;
		assertThat(store.tryAcquire("behind", "holder", LEASE).acquired()).isTrue();
		queue(store, "behind", "keeper", PLACE);
		for (int i = 0; i < MAX_DROPPED; i++) {
			queue(store, "behind", waiter(i), Duration.ofMillis(1));
		}
		long ranOutAt = serverMillis() + 5;
		await().atMost(Duration.ofSeconds(5)).until(() -> serverMillis() > ranOutAt);
		assertThat(store.release("behind", "keeper")).as("leaving").isFalse();
		queue(store, "behind", "live", PLACE);

		assertThat(store.release("behind", "holder")).isTrue();

		assertThat(HolderRecords.grantedTo(server().command("GET", "lock:{behind}"))).isEqualTo("live");
		assertThat(queued("behind")).isZero();
		assertThat(store.release("behind", "live")).isTrue();
	}

	@Test
	void waiterInTheMiddleThatLeavesIsSkipped() {
		LockClientInstance instance = instance().start();
		RedisLockStore store = instance.store;
		assertThat(store.tryAcquire("middle", "holder", LEASE).acquired()).isTrue();
		for (int i = 0; i < 3; i++) {
			queue(store, "middle", waiter(i), PLACE);
		}

		assertThat(store.release("middle", waiter(1))).as("leaving, not holding").isFalse();

		assertThat(store.release("middle", "holder")).isTrue();
		assertThat(store.release("middle", waiter(0))).isTrue();
		assertThat(HolderRecords.grantedTo(server().command("GET", "lock:{middle}"))).isEqualTo(waiter(2));
		assertThat(queued("middle")).isZero();
		assertThat(store.release("middle", waiter(2))).isTrue();
	}

	@Test
	void waiterThatTakesTheLockWithItsLastAttemptLeavesNoPlaceForALaterHandOff() {
		LockClientInstance instance = instance().start();
		RedisLockStore store = instance.store;
		assertThat(store.tryAcquire("last", "holder", Duration.ofMillis(300)).acquired()).isTrue();
		queue(store, "last", "waiter", PLACE);
		long leaseRanOutAt = serverMillis() + 300;
		await().atMost(Duration.ofSeconds(5)).until(() -> serverMillis() > leaseRanOutAt);

		// Its last attempt, at its deadline, is not queued again, but says it queued.
		assertThat(store.tryAcquire("last", "waiter", LEASE, new Queueing(Duration.ofMillis(1), LEASE, 2, true))
			.acquired()).isTrue();
		assertThat(queued("last")).as("places left").isZero();
		assertThat(store.release("last", "waiter")).isTrue();

		assertThat(store.tryAcquire("last", "next", LEASE).acquired()).isTrue();
		queue(store, "last", "queued", PLACE);
		assertThat(store.release("last", "next")).isTrue();
		assertThat(HolderRecords.grantedTo(server().command("GET", "lock:{last}"))).as("handed to").isEqualTo("queued");
		assertThat(store.release("last", "queued")).isTrue();
	}

	@Test
	void queueKeyRunsOutWithTheLongestPlace() {
		LockClientInstance instance = instance().start();
		RedisLockStore store = instance.store;
		assertThat(store.tryAcquire("ttl", "holder", LEASE).acquired()).isTrue();
		queue(store, "ttl", waiter(0), Duration.ofSeconds(5));
		queue(store, "ttl", waiter(1), Duration.ofSeconds(20));

		assertThat((Long) server().command("PTTL", "lock:{ttl}:queue")).isGreaterThan(5_000)
			.isLessThanOrEqualTo(20_000);
		assertThat((Long) server().command("PTTL", "lock:{ttl}:waiters")).isGreaterThan(5_000)
			.isLessThanOrEqualTo(20_000);

		assertThat(store.release("ttl", waiter(0))).isFalse();
		assertThat(store.release("ttl", waiter(1))).isFalse();
		assertThat(server().command("EXISTS", "lock:{ttl}:queue", "lock:{ttl}:waiters")).isEqualTo(0L);
		assertThat(store.release("ttl", "holder")).isTrue();
	}

	private static void queue(RedisLockStore store, String name, String owner, Duration validity) {
		assertThat(store.tryAcquire(name, owner, LEASE, new Queueing(validity, LEASE, 1, false)).acquired()).isFalse();
	}

	private static String waiter(int i) {
		return "waiter-" + i;
	}

	private static long queued(String name) {
		return (Long) server().command("ZCARD", "lock:{" + name + "}:queue");
	}

	/** Commands run since the last reset, other than the script call itself. */
	private static long commandsRunByScripts() {
		long total = 0;
		for (var stat : server().info("commandstats").entrySet()) {
			if (!stat.getKey().equals("cmdstat_evalsha") && !stat.getKey().equals("cmdstat_eval")
					&& !stat.getKey().equals("cmdstat_info") && !stat.getKey().equals("cmdstat_config|resetstat")) {
				String calls = stat.getValue().split(",")[0];
				total += Long.parseLong(calls.substring(calls.indexOf('=') + 1));
			}
		}
		return total;
	}

	private static long serverMillis() {
		List<?> time = (List<?>) server().command("TIME");
		return Long.parseLong(String.valueOf(time.get(0))) * 1000 + Long.parseLong(String.valueOf(time.get(1))) / 1000;
	}

	/**
	 * Records what a subscriber is told.
	 */
	private static final class Notifications implements ReleaseListener {

		private final BlockingQueue<HandOff> received = new LinkedBlockingQueue<>();

		private static final HandOff FREE = new HandOff("", 0);

		@Override
		public void released(@Nullable HandOff handOff) {
			this.received.add((handOff != null) ? handOff : FREE);
		}

		@Nullable HandOff next() throws InterruptedException {
			HandOff next = this.received.poll(10, TimeUnit.SECONDS);
			assertThat(next).as("a notification within 10 s").isNotNull();
			return (next != FREE) ? next : null;
		}

		/**
		 * The next hand-off, past at most the given number of notifications of a free
		 * lock.
		 */
		@Nullable HandOff nextHandOff(int skipped) throws InterruptedException {
			for (int i = 0; i < skipped; i++) {
				HandOff next = next();
				if (next != null) {
					return next;
				}
			}
			return next();
		}

	}

}
