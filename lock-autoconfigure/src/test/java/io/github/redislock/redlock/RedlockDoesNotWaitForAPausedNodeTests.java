// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redlock;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

import io.github.redislock.core.DistributedLock;
import io.github.redislock.engine.DefaultLockClient;
import io.github.redislock.store.LockStore.LeaseRenewal;
import io.github.redislock.testsupport.RedisNode;
import io.github.redislock.testsupport.RedisServerExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A Redlock of five masters, one of them paused, decides each operation as soon as the
 * four others decided it, instead of waiting the node timeout for the paused one; and
 * once the paused master runs again, what it granted late is given back or released with
 * the hold, so that no lock is left behind on it.
 * <p>
 * The node timeout is long, and every operation must end within half of it: a bound that
 * only waiting for the paused node exceeds, not a speed.
 *
 * @author redis-lock contributors
 */
class RedlockDoesNotWaitForAPausedNodeTests {

	private static final Duration NODE_TIMEOUT = Duration.ofSeconds(5);

	private static final Duration BOUND = NODE_TIMEOUT.dividedBy(2);

	private static final Duration LEASE = Duration.ofSeconds(30);

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	private static List<RedisNode> masters;

	private RedlockNodes redlock;

	@BeforeAll
	static void startMasters() {
		masters = redis.masters(5);
	}

	@BeforeEach
	void connect() {
		this.redlock = RedlockNodes.on(masters, NODE_TIMEOUT, 0.01);
	}

	@AfterEach
	void healAndClean() {
		this.redlock.closeAndHeal();
	}

	@Test
	void everyMajorityCallEndsWithoutThePausedNodeAndLeavesNoLockOnIt() {
		RedlockStore store = this.redlock.store;
		RedisNode paused = masters.get(4);
		List<String> names = new ArrayList<>();
		paused.pause();
		for (int i = 0; i < 5; i++) {
			String name = "paused-" + i;
			names.add(name);
			assertThat(quickly("acquisition " + i, () -> store.tryAcquire(name, "a", LEASE).acquired())).isTrue();
			assertThat(quickly("renewal " + i, () -> store.renew(name, "a", LEASE))).isTrue();
			assertThat(quickly("batch renewal " + i,
					() -> store
						.renewAll(List.of(new LeaseRenewal(name, "a", LEASE), new LeaseRenewal(name, "b", LEASE)))))
				.containsExactly(true, false);
			assertThat(quickly("release " + i, () -> store.release(name, "a"))).isTrue();
		}
		assertThat(quickly("fencing token", () -> {
			assertThat(store.tryAcquire("fenced", "a", LEASE).acquired()).isTrue();
			return store.issueFencingToken("fenced", "a", LEASE);
		})).isPositive();
		assertThat(quickly("release of the fenced lock", () -> store.release("fenced", "a"))).isTrue();

		// Busy on three nodes: refused by them, taken on the two others and given back.
		for (int i = 0; i < 3; i++) {
			assertThat(this.redlock.node(i).tryAcquire("busy", "other", LEASE).acquired()).isTrue();
		}
		assertThat(quickly("refused acquisition", () -> store.tryAcquire("busy", "a", LEASE).acquired())).isFalse();
		assertThat(quickly("release of a lock not held", () -> store.release("busy", "a"))).isFalse();
		names.add("busy");

		paused.resume();
		// The paused node now runs what it was sent: each acquisition, then its release
		// or its give-back.
		await().atMost(Duration.ofSeconds(10))
			.untilAsserted(() -> assertThat(names)
				.filteredOn((name) -> Long.valueOf(1).equals(paused.command("EXISTS", "lock:{" + name + "}")))
				.as("locks left on the node that was paused")
				.isEmpty());
		this.redlock.awaitHoldingNodes("fenced", 0);
		assertThat(this.redlock.holdingNodes("busy")).as("the other owner's").isEqualTo(3);
	}

	@Test
	void aLockClientTakesAndReleasesLocksWithoutThePausedNode() throws Exception {
		try (DefaultLockClient client = this.redlock.client(LEASE, (event) -> {
		})) {
			DistributedLock lock = client.getLock("client");
			assertThat(lock.tryLock(Duration.ZERO, LEASE, false)).isTrue();
			lock.unlock();
			masters.get(4).pause();
			for (int i = 0; i < 5; i++) {
				assertThat(quickly("lock " + i, () -> {
					try {
						return lock.tryLock(Duration.ZERO, LEASE, false);
					}
					catch (InterruptedException ex) {
						Thread.currentThread().interrupt();
						return false;
					}
				})).isTrue();
				quickly("unlock " + i, () -> {
					lock.unlock();
					return true;
				});
			}
			masters.get(4).resume();
			this.redlock.awaitHoldingNodes("client", 0);
		}
	}

	private static <T> T quickly(String what, Supplier<T> call) {
		long start = System.nanoTime();
		T result = call.get();
		assertThat(Duration.ofNanos(System.nanoTime() - start)).as(what).isLessThan(BOUND);
		return result;
	}

}
