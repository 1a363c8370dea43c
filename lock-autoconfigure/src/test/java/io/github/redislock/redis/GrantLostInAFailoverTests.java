// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redis;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import io.github.redislock.store.LockStore.AcquireResult;
import io.github.redislock.store.LockStore.HandOff;
import io.github.redislock.store.LockStore.Queueing;
import io.github.redislock.store.LockStore.ReleaseListener;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A failover can lose the write by which a queued waiter took the lock (a release's
 * hand-off, or the waiter's own attempt) while the promoted replica still has the
 * waiter's place in the queue. The lock is free there, another caller takes it, and its
 * release hands the lock to that place again. That second grant must not carry the token
 * the first holder renews and releases with, or the first holder would never be told that
 * another held the lock in between. No live client knows of the second grant, so the
 * first holder's release passes it on rather than leave the lock blocked for its lease.
 *
 * <p>
 * The promoted replica is emulated on one server: its queue is put back as it was before
 * the lost write, and the lock key deleted, as a replica that missed the write has them.
 *
 * @author redis-lock contributors
 */
class GrantLostInAFailoverTests extends RedisLockTestSupport {

	private static final Duration LEASE = Duration.ofSeconds(30);

	private static final Duration PLACE = Duration.ofMinutes(1);

	@Test
	void aHolderWhoseHandOffAFailoverLostIsToldWhenThePlaceIsHandedTheLockAgain() throws Exception {
		RedisLockStore store = instance().start().store;
		HandOffs handOffs = new HandOffs();
		try (AutoCloseable subscription = store.subscribe("handed", "waiter:1", handOffs)) {
			handOffs.awaitSubscribed();
			assertThat(store.tryAcquire("handed", "holder:1", LEASE).acquired()).isTrue();
			assertThat(store.tryAcquire("handed", "waiter:1", LEASE, new Queueing(PLACE, LEASE, 2, false)).acquired())
				.isFalse();
			Queue beforeRelease = Queue.of("handed");

			assertThat(store.release("handed", "holder:1")).isTrue();
			HandOff first = handOffs.next();
			assertThat(first.ownerToken()).isEqualTo("waiter:1");
			assertThat(store.renew("handed", first.grantedToken(), LEASE)).as("the waiter holds the lock").isTrue();

			failoverLosingTheLatestWrites("handed", beforeRelease);
			assertThat(store.tryAcquire("handed", "other:1", LEASE).acquired()).isTrue();
			assertThat(store.tryAcquire("handed", "third:1", LEASE, new Queueing(PLACE, LEASE, 1, false)).acquired())
				.isFalse();
			assertThat(store.release("handed", "other:1")).isTrue();
			HandOff second = handOffs.next();
			assertThat(second.ownerToken()).as("the place that survived the failover").isEqualTo("waiter:1");

			assertThat(second.grantedToken()).isNotEqualTo(first.grantedToken());
			assertThat(store.renew("handed", first.grantedToken(), LEASE)).as("the first holder's renewal").isFalse();
			assertThat(store.release("handed", first.grantedToken())).as("the first holder's release").isFalse();
			assertThat(store.release("handed", "third:1")).as("handed on to the third").isTrue();
		}
	}

	@Test
	void aWaiterWhoseOwnAcquisitionAFailoverLostIsToldWhenItsPlaceIsHandedTheLock() throws Exception {
		RedisLockStore store = instance().start().store;
		HandOffs handOffs = new HandOffs();
		try (AutoCloseable subscription = store.subscribe("taken", "waiter:1", handOffs)) {
			handOffs.awaitSubscribed();
			assertThat(store.tryAcquire("taken", "holder:1", LEASE).acquired()).isTrue();
			assertThat(store.tryAcquire("taken", "waiter:1", LEASE, new Queueing(PLACE, LEASE, 2, false)).acquired())
				.isFalse();
			Queue beforeAcquisition = Queue.of("taken");
			// The holder's lease ran out without a release: the waiter's next attempt
			// takes the free lock itself.
			server().command("DEL", "lock:{taken}");
			AcquireResult taken = store.tryAcquire("taken", "waiter:1", LEASE, new Queueing(PLACE, LEASE, 3, true));
			assertThat(taken.acquired()).isTrue();
			String heldAs = taken.heldAs("waiter:1");

			failoverLosingTheLatestWrites("taken", beforeAcquisition);
			assertThat(store.tryAcquire("taken", "other:1", LEASE).acquired()).isTrue();
			assertThat(store.tryAcquire("taken", "third:1", LEASE, new Queueing(PLACE, LEASE, 1, false)).acquired())
				.isFalse();
			assertThat(store.release("taken", "other:1")).isTrue();
			HandOff handOff = handOffs.next();
			assertThat(handOff.ownerToken()).as("the place that survived the failover").isEqualTo("waiter:1");

			assertThat(handOff.grantedToken()).isNotEqualTo(heldAs);
			assertThat(store.renew("taken", heldAs, LEASE)).as("the first holder's renewal").isFalse();
			assertThat(store.release("taken", heldAs)).as("the first holder's release").isFalse();
			assertThat(store.release("taken", "third:1")).as("handed on to the third").isTrue();
		}
	}

	@Test
	void theSecondGrantThroughAPlaceIsFreedByTheFirstHoldersReleaseNotLeftToItsLease() throws Exception {
		RedisLockStore store = instance().start().store;
		HandOffs handOffs = new HandOffs();
		try (AutoCloseable subscription = store.subscribe("orphaned", "waiter:1", handOffs)) {
			handOffs.awaitSubscribed();
			assertThat(store.tryAcquire("orphaned", "holder:1", LEASE).acquired()).isTrue();
			assertThat(store.tryAcquire("orphaned", "waiter:1", LEASE, new Queueing(PLACE, LEASE, 2, false)).acquired())
				.isFalse();
			Queue beforeRelease = Queue.of("orphaned");
			assertThat(store.release("orphaned", "holder:1")).isTrue();
			HandOff first = handOffs.next();

			failoverLosingTheLatestWrites("orphaned", beforeRelease);
			assertThat(store.tryAcquire("orphaned", "other:1", LEASE).acquired()).isTrue();
			// A waiter that queues, marking the lock so that its release reads the queue,
			// and gives up.
			assertThat(store.tryAcquire("orphaned", "third:1", LEASE, new Queueing(PLACE, LEASE, 1, false)).acquired())
				.isFalse();
			assertThat(store.release("orphaned", "third:1")).isFalse();
			assertThat(store.release("orphaned", "other:1")).isTrue();
			HandOff second = handOffs.next();
			assertThat(second.grantedToken()).as("a grant no live client holds").isNotEqualTo(first.grantedToken());

			assertThat(store.release("orphaned", first.grantedToken())).as("the first holder's release").isFalse();
			assertThat(store.tryAcquire("orphaned", "next:1", LEASE).acquired()).as("free at once").isTrue();
			assertThat(store.release("orphaned", "next:1")).isTrue();
		}
	}

	@Test
	void theFirstHoldersReleaseHandsTheSecondGrantThroughAPlaceToTheNextWaiter() throws Exception {
		RedisLockStore store = instance().start().store;
		HandOffs handOffs = new HandOffs();
		HandOffs nextHandOffs = new HandOffs();
		try (AutoCloseable subscription = store.subscribe("passed", "waiter:1", handOffs);
				AutoCloseable nextSubscription = store.subscribe("passed", "next:1", nextHandOffs)) {
			handOffs.awaitSubscribed();
			nextHandOffs.awaitSubscribed();
			assertThat(store.tryAcquire("passed", "holder:1", LEASE).acquired()).isTrue();
			assertThat(store.tryAcquire("passed", "waiter:1", LEASE, new Queueing(PLACE, LEASE, 2, false)).acquired())
				.isFalse();
			Queue beforeRelease = Queue.of("passed");
			assertThat(store.release("passed", "holder:1")).isTrue();
			HandOff first = handOffs.next();

			failoverLosingTheLatestWrites("passed", beforeRelease);
			assertThat(store.tryAcquire("passed", "other:1", LEASE).acquired()).isTrue();
			assertThat(store.tryAcquire("passed", "next:1", LEASE, new Queueing(PLACE, LEASE, 5, false)).acquired())
				.isFalse();
			assertThat(store.release("passed", "other:1")).isTrue();
			assertThat(handOffs.next().grantedToken()).isNotEqualTo(first.grantedToken());

			assertThat(store.release("passed", first.grantedToken())).as("the first holder's release").isFalse();
			HandOff toNext = nextHandOffs.nextTo("next:1");
			assertThat(toNext.ticket()).isEqualTo(5);
			assertThat(store.renew("passed", toNext.grantedToken(), LEASE)).as("the next waiter holds it").isTrue();
			assertThat(store.release("passed", toNext.grantedToken())).isTrue();
		}
	}

	@Test
	void aWaiterThatGivesUpPassesOnALockGrantedToItMeanwhile() throws Exception {
		RedisLockStore store = instance().start().store;
		HandOffs handOffs = new HandOffs();
		try (AutoCloseable subscription = store.subscribe("given-up", "waiter:1", handOffs)) {
			handOffs.awaitSubscribed();
			assertThat(store.tryAcquire("given-up", "holder:1", LEASE).acquired()).isTrue();
			assertThat(store.tryAcquire("given-up", "waiter:1", LEASE, new Queueing(PLACE, LEASE, 2, false)).acquired())
				.isFalse();
			assertThat(store.release("given-up", "holder:1")).isTrue();
			assertThat(handOffs.next().ownerToken()).isEqualTo("waiter:1");

			assertThat(store.release("given-up", "waiter:1")).as("released under the token it queued with").isTrue();

			assertThat(store.tryAcquire("given-up", "other:1", LEASE).acquired()).as("free again").isTrue();
			assertThat(store.release("given-up", "other:1")).isTrue();
		}
	}

	/**
	 * What a promoted replica that missed the latest writes has: the queue as it was
	 * before them, and no lock key.
	 */
	private static void failoverLosingTheLatestWrites(String name, Queue before) {
		server().command("DEL", "lock:{" + name + "}", "lock:{" + name + "}:released-by");
		before.restore();
	}

	/** The waiters hash and queue of a lock, as read at one moment. */
	private record Queue(String name, Map<String, String> waiters, List<String> queue) {

		static Queue of(String name) {
			Object waiters = server().command("HGETALL", "lock:{" + name + "}:waiters");
			Object queue = server().command("ZRANGE", "lock:{" + name + "}:queue", "0", "-1", "WITHSCORES");
			return new Queue(name, pairs(waiters), strings(queue));
		}

		void restore() {
			this.waiters
				.forEach((owner, entry) -> server().command("HSET", "lock:{" + this.name + "}:waiters", owner, entry));
			for (int i = 0; i < this.queue.size(); i += 2) {
				server().command("ZADD", "lock:{" + this.name + "}:queue", this.queue.get(i + 1), this.queue.get(i));
			}
			server().command("PEXPIRE", "lock:{" + this.name + "}:waiters", Long.toString(PLACE.toMillis()));
			server().command("PEXPIRE", "lock:{" + this.name + "}:queue", Long.toString(PLACE.toMillis()));
		}

		private static List<String> strings(Object reply) {
			return ((List<?>) reply).stream().map(String::valueOf).toList();
		}

		private static Map<String, String> pairs(Object reply) {
			if (reply instanceof Map<?, ?> map) {
				LinkedHashMap<String, String> pairs = new LinkedHashMap<>();
				map.forEach((key, value) -> pairs.put(String.valueOf(key), String.valueOf(value)));
				return pairs;
			}
			List<String> flat = strings(reply);
			LinkedHashMap<String, String> pairs = new LinkedHashMap<>();
			for (int i = 0; i < flat.size(); i += 2) {
				pairs.put(flat.get(i), flat.get(i + 1));
			}
			return pairs;
		}

	}

	/** The hand-offs a waiter's subscription is told of. */
	private static final class HandOffs implements ReleaseListener {

		private final BlockingQueue<Optional<HandOff>> received = new LinkedBlockingQueue<>();

		@Override
		public void released(@Nullable HandOff handOff) {
			this.received.add(Optional.ofNullable(handOff));
		}

		/** Subscribers are told once the subscription is in place. */
		void awaitSubscribed() throws InterruptedException {
			assertThat(this.received.poll(10, TimeUnit.SECONDS)).as("told once subscribed").isNotNull();
		}

		/** The store tells every subscriber of the lock in a process of its hand-offs. */
		HandOff nextTo(String ownerToken) throws InterruptedException {
			for (int i = 0; i < 10; i++) {
				HandOff next = next();
				if (next.ownerToken().equals(ownerToken)) {
					return next;
				}
			}
			throw new AssertionError("No hand-off to " + ownerToken + " among ten");
		}

		HandOff next() throws InterruptedException {
			for (int i = 0; i < 10; i++) {
				Optional<HandOff> next = this.received.poll(10, TimeUnit.SECONDS);
				assertThat(next).as("a notification within 10 s").isNotNull();
				if (next.isPresent()) {
					return next.get();
				}
			}
			throw new AssertionError("No hand-off among ten notifications");
		}

	}

}
