// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redlock;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

import io.github.redislock.core.LockStoreException;
import io.github.redislock.redis.FenceCounterKeys;
import io.github.redislock.redis.RedisLockStore;
import io.github.redislock.store.LockStore.LeaseRenewal;
import io.github.redislock.testsupport.RedisNode;
import io.github.redislock.testsupport.RedisServerExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.awaitility.Awaitility.await;

/**
 * A Redlock of five real masters decides by majority: it takes a lock only on most of
 * them, gives back what it took when it falls short, keeps a lock only while most renew
 * it, fails loudly when most do not answer, and does not wait for a node that hangs.
 *
 * @author redis-lock contributors
 */
class RedlockStoreTests {

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
		this.redlock = RedlockNodes.on(masters);
	}

	@AfterEach
	void healAndClean() {
		this.redlock.closeAndHeal();
	}

	@Test
	void aLockIsTakenOnEveryNodeAndIsBusyForOthersUntilReleased() {
		RedlockStore store = this.redlock.store;
		assertThat(store.tryAcquire("taken", "a", LEASE).acquired()).isTrue();
		this.redlock.awaitHoldingNodes("taken", 5);
		assertThat(store.tryAcquire("taken", "b", LEASE).acquired()).isFalse();
		assertThat(store.release("taken", "b")).isFalse();
		assertThat(store.release("taken", "a")).isTrue();
		this.redlock.awaitHoldingNodes("taken", 0);
		assertThat(store.tryAcquire("taken", "b", LEASE).acquired()).isTrue();
		assertThat(store.release("taken", "b")).isTrue();
	}

	@Test
	void connectRefusesSettingsOutOfRangeBeforeOpeningAnyConnection() {
		List<String> nodes = masters.stream()
			.map((master) -> "redis://" + master.host() + ":" + master.port())
			.toList();
		String clientsBefore = masters.get(0).info("clients").get("connected_clients");

		assertThatIllegalArgumentException()
			.isThrownBy(() -> RedlockStore.connect(nodes, "lock:", Duration.ofMillis(200), 1.5))
			.withMessage("Redlock drift factor must be at least 0 and less than 0.5, was 1.5");
		assertThatIllegalArgumentException().isThrownBy(() -> RedlockStore.connect(nodes, "lock:", Duration.ZERO, 0.01))
			.withMessage("Redlock node timeout must be positive, was PT0S");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> RedlockStore.connect(nodes.subList(0, 2), "lock:", Duration.ofMillis(200), 0.01))
			.withMessage("A Redlock needs an odd number of nodes, at least 3, not 2");

		assertThat(masters.get(0).info("clients").get("connected_clients")).as("clients connected to a node")
			.isEqualTo(clientsBefore);
	}

	@Test
	void oneServerListedUnderTwoNamesIsRefusedEvenWhenItAnswersLateAtStartUp() throws Exception {
		RedisNode twice = masters.get(0);
		List<String> nodes = List.of("redis://127.0.0.1:" + twice.port(), "redis://localhost:" + twice.port(),
				"redis://127.0.0.1:" + masters.get(1).port());
		// Silent for several node timeouts, as a cold start or a busy server can be.
		twice.pause();
		CompletableFuture<Void> resumed = CompletableFuture.runAsync(twice::resume,
				CompletableFuture.delayedExecutor(600, TimeUnit.MILLISECONDS));
		try {
			assertThatIllegalArgumentException()
				.isThrownBy(() -> RedlockStore.connect(nodes, "lock:", Duration.ofMillis(100), 0.01))
				.withMessageContaining("are one Redis server (run_id ");
		}
		finally {
			resumed.get(10, TimeUnit.SECONDS);
		}
	}

	@Test
	void connectRefusesOneServerListedUnderTwoNamesAndLeavesNoConnection() {
		RedisNode twice = masters.get(0);
		List<String> nodes = List.of("redis://127.0.0.1:" + twice.port(), "redis://localhost:" + twice.port(),
				"redis://127.0.0.1:" + masters.get(1).port());
		String clientsBefore = twice.info("clients").get("connected_clients");

		assertThatIllegalArgumentException()
			.isThrownBy(() -> RedlockStore.connect(nodes, "lock:", Duration.ofSeconds(2), 0.01))
			.withMessageContaining("are one Redis server (run_id ")
			.withMessageContaining("the nodes of a Redlock must be independent masters");

		await().atMost(Duration.ofSeconds(10))
			.untilAsserted(
					() -> assertThat(twice.info("clients").get("connected_clients")).as("clients connected to the node")
						.isEqualTo(clientsBefore));
	}

	@Test
	void renewingNoLeasesAnswersWithNoOutcomesInsteadOfMissingAQuorum() {
		assertThat(this.redlock.store.renewAll(List.of())).isEmpty();
	}

	@Test
	void anAttemptWithoutAMajorityGivesBackWhatItTook() {
		for (int i = 0; i < 3; i++) {
			assertThat(this.redlock.node(i).tryAcquire("split", "other", LEASE).acquired()).isTrue();
		}
		assertThat(this.redlock.store.tryAcquire("split", "a", LEASE).acquired()).isFalse();
		// Given back without waiting for the release.
		this.redlock.awaitHoldingNodes("split", 3);
		for (int i = 3; i < 5; i++) {
			assertThat(masters.get(i).command("EXISTS", "lock:{split}")).as("node " + i).isEqualTo(0L);
		}
		for (int i = 0; i < 3; i++) {
			assertThat(this.redlock.node(i).release("split", "other")).isTrue();
		}
	}

	@Test
	void aLeaseLostAfterItsAcquisitionGaveBackAndRetriedIsReportedLostAtRelease() {
		// Two attempts fall short and give back what they took, on four nodes in all;
		// the third takes the lock under the same owner token.
		takeOn("retried", "other", 0, 1, 2);
		assertThat(this.redlock.store.tryAcquire("retried", "a", LEASE).acquired()).isFalse();
		this.redlock.awaitHoldingNodes("retried", 3);
		releaseOn("retried", "other", 0, 1);
		takeOn("retried", "other", 3, 4);
		assertThat(this.redlock.store.tryAcquire("retried", "a", LEASE).acquired()).isFalse();
		this.redlock.awaitHoldingNodes("retried", 3);
		releaseOn("retried", "other", 2, 3, 4);
		assertThat(this.redlock.store.tryAcquire("retried", "a", Duration.ofMillis(300)).acquired()).isTrue();

		// Its lease runs out and another holder comes and goes.
		this.redlock.awaitHoldingNodes("retried", 0);
		assertThat(this.redlock.store.tryAcquire("retried", "b", LEASE).acquired()).isTrue();
		assertThat(this.redlock.store.release("retried", "b")).isTrue();

		assertThat(this.redlock.store.release("retried", "a")).as("the late release of a lost lease").isFalse();
	}

	private void takeOn(String name, String ownerToken, int... nodes) {
		for (int node : nodes) {
			assertThat(this.redlock.node(node).tryAcquire(name, ownerToken, LEASE).acquired()).as("node " + node)
				.isTrue();
		}
	}

	private void releaseOn(String name, String ownerToken, int... nodes) {
		for (int node : nodes) {
			assertThat(this.redlock.node(node).release(name, ownerToken)).as("node " + node).isTrue();
		}
	}

	@Test
	void aMajorityTakesTheLockWhileTwoNodesAreDown() {
		masters.get(0).kill();
		masters.get(1).pause();
		assertThat(this.redlock.store.tryAcquire("two-down", "a", LEASE).acquired()).isTrue();
		this.redlock.awaitHoldingNodes("two-down", 3);
		assertThat(this.redlock.store.release("two-down", "a")).isTrue();
	}

	@Test
	void threeOfFiveDownFailLoudlyWithinTheNodeTimeout() {
		masters.get(0).kill();
		masters.get(1).kill();
		masters.get(2).pause();
		long start = System.nanoTime();
		assertThatExceptionOfType(LockStoreException.class)
			.isThrownBy(() -> this.redlock.store.tryAcquire("three-down", "a", LEASE))
			.withMessageContaining(
					"Could not acquire lock 'three-down': only 2 of 5 Redlock nodes answered, 3 are needed")
			.withMessageContaining(masters.get(2).address() + "/0 ");
		// A bound, not a speed: a node's command timeout would be longer.
		assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(2));
		this.redlock.awaitHoldingNodes("three-down", 0);
	}

	@Test
	void aPausedNodeDoesNotHoldUpAnAcquisitionBeyondTheNodeTimeout() {
		masters.get(4).pause();
		for (int i = 0; i < 5; i++) {
			long start = System.nanoTime();
			assertThat(this.redlock.store.tryAcquire("paused", "a", LEASE).acquired()).isTrue();
			Duration took = Duration.ofNanos(System.nanoTime() - start);
			assertThat(took).as("attempt " + i).isLessThan(RedlockNodes.NODE_TIMEOUT.plusMillis(800));
			assertThat(this.redlock.store.release("paused", "a")).isTrue();
		}
	}

	@Test
	void aLockIsKeptOnlyWhileAMajorityRenewsIt() {
		RedlockStore store = this.redlock.store;
		assertThat(store.tryAcquire("renewed", "a", LEASE).acquired()).isTrue();
		// The store answers once a majority took it; the others take it a moment later.
		this.redlock.awaitHoldingNodes("renewed", 5);
		masters.get(0).command("DEL", "lock:{renewed}");
		masters.get(1).command("DEL", "lock:{renewed}");
		assertThat(store.renew("renewed", "a", LEASE)).as("three of five still hold it").isTrue();
		assertThat(store.renewAll(List.of(new LeaseRenewal("renewed", "a", LEASE)))).containsExactly(true);
		masters.get(2).command("DEL", "lock:{renewed}");
		assertThat(store.renew("renewed", "a", LEASE)).as("two of five").isFalse();
		assertThat(store.renewAll(List.of(new LeaseRenewal("renewed", "a", LEASE)))).containsExactly(false);
		assertThat(store.release("renewed", "a")).as("lost").isFalse();
	}

	@Test
	void fencingTokensGrowFromHolderToHolderEvenWhenOneNodeIsFarAhead() {
		RedlockStore store = this.redlock.store;
		long farAhead = Long
			.parseLong(String.valueOf(masters.get(4).command("TIME").toString().split(",")[0].replaceAll("\\D", "")))
				* 1_000_000L + 3_600_000_000L;
		masters.get(4).command("SET", FenceCounterKeys.of("fenced"), Long.toString(farAhead));
		// Three nodes up: the one far ahead is among the majority that issues.
		masters.get(0).kill();
		masters.get(1).kill();
		assertThat(store.tryAcquire("fenced", "a", LEASE).acquired()).isTrue();
		long first = store.issueFencingToken("fenced", "a", LEASE);
		assertThat(first).as("the largest of the majority's").isGreaterThan(farAhead);
		assertThat(store.release("fenced", "a")).isTrue();

		// A majority without the node that was ahead: two nodes raised to the first token
		// and two that restarted empty.
		masters.get(4).kill();
		masters.get(0).restart();
		masters.get(1).restart();
		await().atMost(Duration.ofSeconds(10))
			.ignoreExceptions()
			.until(() -> store.tryAcquire("fenced", "b", LEASE).acquired());
		long second = store.issueFencingToken("fenced", "b", LEASE);
		assertThat(second).as("issued without the node that was ahead").isGreaterThan(first);
		assertThat(store.release("fenced", "b")).isTrue();
	}

	@Test
	void aRaiseThatArrivesAfterTheHoldersLeaseRanOutChangesNoNode() {
		RedisLockStore node = (RedisLockStore) this.redlock.node(0);
		assertThat(node.tryAcquire("late-raise", "a", LEASE).acquired()).isTrue();
		long token = node.issueFencingToken("late-raise", "a", LEASE);
		assertThat(node.raiseFencingToken("late-raise", "a", token + 1000)).as("raised while held").isTrue();
		assertThat(fence(0, "late-raise")).isEqualTo(token + 1000);

		// The lease ran out, as for a holder paused between the issue and the raise.
		masters.get(0).command("DEL", "lock:{late-raise}");
		long farAhead = token + 3_600_000_000L;
		assertThat(node.raiseFencingToken("late-raise", "a", farAhead)).as("raised after the lease").isFalse();
		assertThat(fence(0, "late-raise")).as("left as it was").isEqualTo(token + 1000);
		masters.get(0).command("DEL", FenceCounterKeys.of("late-raise"));
	}

	@Test
	void aHolderWhoseLeaseRanOutOnAMajorityGetsNoTokenFromANodeFarAhead() {
		RedlockStore store = this.redlock.store;
		long farAhead = fence(4, "ahead") + 3_600_000_000L;
		masters.get(4).command("SET", FenceCounterKeys.of("ahead"), Long.toString(farAhead));
		assertThat(store.tryAcquire("ahead", "a", LEASE).acquired()).isTrue();
		// The store answers once a majority took it; a node still taking it would undo
		// the deletes below.
		this.redlock.awaitHoldingNodes("ahead", 5);
		for (int i = 0; i < 3; i++) {
			masters.get(i).command("DEL", "lock:{ahead}");
		}
		assertThat(store.issueFencingToken("ahead", "a", LEASE)).as("no token for a holder lost on a majority")
			.isZero();
		for (int i = 0; i < 4; i++) {
			assertThat(fence(i, "ahead")).as("node %d not raised to the node far ahead", i).isLessThan(farAhead);
		}
		store.release("ahead", "a");
		masters.forEach((master) -> master.command("DEL", FenceCounterKeys.of("ahead")));
	}

	@Test
	void aResourcesTokenRaisedOnAMajorityLiftsTheNextTokenOfAnyOtherMajority() {
		RedlockStore store = this.redlock.store;
		long resourceHolds = fence(0, "lifted") + 3_600_000_000L;
		// Two nodes down: the raise counts on the other three, whoever holds the lock.
		masters.get(3).kill();
		masters.get(4).kill();
		assertThat(store.raiseFencingTokensAbove("lifted", resourceHolds)).isTrue();
		assertThat(store.raiseFencingTokensAbove("lifted", resourceHolds - 1)).as("never lowered").isFalse();
		// A majority that shares one node with those raised, two of its nodes empty.
		masters.get(0).kill();
		masters.get(1).kill();
		masters.get(3).restart();
		masters.get(4).restart();
		await().atMost(Duration.ofSeconds(10))
			.ignoreExceptions()
			.until(() -> store.tryAcquire("lifted", "a", LEASE).acquired());
		assertThat(store.issueFencingToken("lifted", "a", LEASE)).isEqualTo(resourceHolds + 1);
		assertThat(store.release("lifted", "a")).isTrue();
		masters.get(0).restart();
		masters.get(1).restart();
		masters.forEach((master) -> master.command("DEL", FenceCounterKeys.of("lifted")));
	}

	/** The node's fence, or its clock in microseconds when it has none. */
	private static long fence(int node, String name) {
		Object fence = masters.get(node).command("GET", FenceCounterKeys.of(name));
		if (fence != null) {
			return Long.parseLong(String.valueOf(fence));
		}
		List<?> time = (List<?>) masters.get(node).command("TIME");
		return Long.parseLong(String.valueOf(time.get(0))) * 1_000_000L + Long.parseLong(String.valueOf(time.get(1)));
	}

	@Test
	void aReleaseOnAnyNodeWakesSubscribers() throws Exception {
		RedlockStore store = this.redlock.store;
		assertThat(store.tryAcquire("woken", "a", LEASE).acquired()).isTrue();
		Semaphore calls = new Semaphore(0);
		try (AutoCloseable subscription = store.subscribe("woken", (handOff) -> {
			if (handOff == null) {
				calls.release();
			}
		})) {
			assertThat(calls.tryAcquire(5, 10, TimeUnit.SECONDS)).as("told once each subscription is in place")
				.isTrue();
			masters.get(0).kill();
			masters.get(1).kill();
			assertThat(store.release("woken", "a")).isTrue();
			assertThat(calls.tryAcquire(3, 10, TimeUnit.SECONDS)).as("told of the release by each node that is up")
				.isTrue();
		}
	}

}
