// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redlock;

import java.time.Duration;
import java.util.List;

import io.github.redislock.core.LockStoreException;
import io.github.redislock.redis.FenceCounterKeys;
import io.github.redislock.redis.RedisLockStore;
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
 * A Redlock of three real masters, the third with its wall clock two minutes ahead (a
 * redis-server run with an offset clock): a holder whose token came from the master ahead
 * never leaves the holders after it with smaller tokens, also when it paused between the
 * token's issue and its raise until its lease ran out.
 *
 * @author redis-lock contributors
 */
class RedlockTokensKeepGrantOrderWithAMasterClockAheadTests {

	private static final Duration LEASE = Duration.ofSeconds(30);

	private static final Duration AHEAD = Duration.ofMinutes(2);

	private static final int MASTER_AHEAD = 2;

	/** Long enough for a loaded machine: the paused master is waited for this long. */
	private static final Duration NODE_TIMEOUT = Duration.ofSeconds(1);

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	private static List<RedisNode> masters;

	private RedlockNodes redlock;

	@BeforeAll
	static void startMasters() {
		masters = redis.fixture().masters(List.of(Duration.ZERO, Duration.ZERO, AHEAD));
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
	void aHolderWithoutTheMasterAheadGetsALargerTokenThanTheHolderBeforeItWhoseTokenCameFromThere() {
		RedlockStore store = this.redlock.store;
		// The first holder's majority must take in the master ahead.
		masters.get(0).pause();
		assertThat(store.tryAcquire("order", "a", LEASE).acquired()).isTrue();
		long first = store.issueFencingToken("order", "a", LEASE);
		assertThat(first).as("the token of the master ahead")
			.isGreaterThan(clockMicros(masters.get(1)) + Duration.ofMinutes(1).toNanos() / 1000);
		assertThat(store.release("order", "a")).isTrue();
		masters.get(0).resume();

		masters.get(MASTER_AHEAD).pause();
		assertThat(store.tryAcquire("order", "b", LEASE).acquired()).as("acquired on the other two").isTrue();
		long second = store.issueFencingToken("order", "b", LEASE);

		assertThat(second).isGreaterThan(first);
		assertThat(store.release("order", "b")).isTrue();
	}

	@Test
	void aHolderPausedBetweenTheIssueAndTheRaiseGetsNoTokenAndTheHoldersAfterItKeepGrowing() {
		RedlockStore store = this.redlock.store;
		assertThat(store.tryAcquire("paused", "a", Duration.ofSeconds(2)).acquired()).isTrue();
		// The first half of its token request: every master issues one, the one ahead the
		// largest. Then the holder pauses past its lease.
		long stale = 0;
		for (int node = 0; node < masters.size(); node++) {
			stale = Math.max(stale, node(node).issueFencingToken("paused", "a", LEASE));
		}
		assertThat(stale).as("the token of the master ahead").isGreaterThan(clockMicros(masters.get(0)));
		this.redlock.awaitHoldingNodes("paused", 0);

		masters.get(MASTER_AHEAD).pause();
		assertThat(store.tryAcquire("paused", "b", LEASE).acquired()).as("acquired on the other two").isTrue();
		long next = store.issueFencingToken("paused", "b", LEASE);

		// The paused holder resumes: its raise is refused, and it gets no token.
		for (int node = 0; node < MASTER_AHEAD; node++) {
			assertThat(node(node).raiseFencingToken("paused", "a", stale)).as("raise on master %d", node).isFalse();
			assertThat(counter(node, "paused")).as("counter of master %d", node).isEqualTo(next);
		}
		assertThat(store.issueFencingToken("paused", "a", LEASE)).as("token of the paused holder").isZero();
		assertThat(store.release("paused", "b")).isTrue();

		masters.get(MASTER_AHEAD).resume();
		assertThat(store.tryAcquire("paused", "c", LEASE).acquired()).isTrue();
		long after = store.issueFencingToken("paused", "c", LEASE);
		assertThat(after).as("the holder after, with the master ahead back").isGreaterThan(next);
		assertThat(store.release("paused", "c")).isTrue();
	}

	@Test
	void aMasterRestartedEmptyThatIsTheOnlyOneTwoMajoritiesShareLetsNoTokenGoBackwards() {
		RedlockStore store = this.redlock.store;
		masters.get(0).kill();
		assertThat(store.tryAcquire("shared", "a", LEASE).acquired()).as("acquired on the other two").isTrue();
		long first = store.issueFencingToken("shared", "a", LEASE);
		masters.get(0).restart();
		// As a restart without persistence leaves it: the first holder's lock and the
		// counter that recorded its token are gone from the one master both majorities
		// share.
		masters.get(1).command("FLUSHALL");

		// Calls to the restarted master fail until the client has reconnected to it.
		await("acquired on the restarted master and the one emptied").atMost(Duration.ofSeconds(10))
			.pollInSameThread()
			.ignoreExceptionsInstanceOf(LockStoreException.class)
			.until(() -> store.tryAcquire("shared", "b", LEASE).acquired());
		long second = store.issueFencingToken("shared", "b", LEASE);

		assertThat(second).as("above the token the master ahead recorded for the first holder").isGreaterThan(first);
		assertThat(counter(0, "shared")).as("recorded by the second holder's majority").isEqualTo(second);
		assertThat(counter(1, "shared")).isEqualTo(second);
		assertThat(store.release("shared", "b")).isTrue();
		assertThat(store.release("shared", "a")).as("the first holder's lock is left on one master only").isFalse();
	}

	private RedisLockStore node(int index) {
		return (RedisLockStore) this.redlock.node(index);
	}

	private static long counter(int node, String name) {
		return Long.parseLong(String.valueOf(masters.get(node).command("GET", FenceCounterKeys.of(name))));
	}

	private static long clockMicros(RedisNode node) {
		List<?> time = (List<?>) node.command("TIME");
		return Long.parseLong(String.valueOf(time.get(0))) * 1_000_000L + Long.parseLong(String.valueOf(time.get(1)));
	}

}
