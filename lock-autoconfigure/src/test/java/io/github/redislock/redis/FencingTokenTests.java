// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redis;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

import io.github.redislock.core.DistributedLock;
import io.github.redislock.core.LockDefinition;
import io.github.redislock.core.LockException;
import io.github.redislock.core.LockLease;
import io.github.redislock.core.LockLostException;
import io.github.redislock.store.LockStore;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

/**
 * Fencing tokens are issued on demand: an acquisition or a hand-off carries none, and the
 * first time a holder asks, Redis issues one only if it still records that holder. Each
 * is above the last one of its hash slot, which Redis keeps for good.
 *
 * @author redis-lock contributors
 */
class FencingTokenTests extends RedisLockTestSupport {

	private static final Duration LEASE = Duration.ofSeconds(30);

	private static final RedisLockKeys KEYS = new RedisLockKeys("lock:");

	@Test
	void aTokenIsAboveTheLastOneOfItsSlotWhateverTheServersClockSaysAndThatOneNeverExpires() throws Exception {
		LockClientInstance holder = instance().start();
		DistributedLock lock = holder.client.getLock("counted");
		String counter = KEYS.fenceCounterKey("counted");
		// As a server whose clock was an hour ahead would have left it.
		long aheadOfTheClock = (System.currentTimeMillis() + Duration.ofHours(1).toMillis()) * 1000;
		server().command("SET", counter, Long.toString(aheadOfTheClock));
		assertThat(lock.tryLock(Duration.ZERO, LEASE, false)).isTrue();
		try {
			assertThat(lock.getFencingToken()).isEqualTo(aheadOfTheClock + 1);
			assertThat((Long) server().command("PTTL", counter)).as("TTL of the counter").isEqualTo(-1L);
		}
		finally {
			lock.unlock();
		}
	}

	@Test
	void raisingAboveAResourcesTokenMakesTheNextTokenLargerWhoeverHoldsTheLockAndNeverLowersIt() throws Exception {
		LockClientInstance instance = instance().start();
		DistributedLock lock = instance.client.getLock("raised");
		String counter = KEYS.fenceCounterKey("raised");
		long resourceHolds = (System.currentTimeMillis() + Duration.ofMinutes(10).toMillis()) * 1000;
		assertThat(lock.raiseFencingTokensAbove(resourceHolds)).as("raised without holding the lock").isTrue();
		assertThat(lock.raiseFencingTokensAbove(resourceHolds - 5)).as("a smaller token").isFalse();
		assertThat(server().command("GET", counter)).isEqualTo(Long.toString(resourceHolds));
		assertThat(lock.tryLock(Duration.ZERO, LEASE, false)).isTrue();
		try {
			assertThat(lock.getFencingToken()).isEqualTo(resourceHolds + 1);
			assertThat(lock.raiseFencingTokensAbove(resourceHolds + 10)).isTrue();
			assertThat(lock.getFencingToken()).as("the current hold keeps its token").isEqualTo(resourceHolds + 1);
		}
		finally {
			lock.unlock();
		}
		assertThat(lock.tryLock(Duration.ZERO, LEASE, false)).isTrue();
		try {
			assertThat(lock.getFencingToken()).isEqualTo(resourceHolds + 11);
		}
		finally {
			lock.unlock();
		}
		assertThatIllegalArgumentException().isThrownBy(() -> lock.raiseFencingTokensAbove(0));
		assertThatIllegalArgumentException()
			.isThrownBy(() -> instance.store.raiseFencingTokensAbove("raised", 1L << 53));
		assertThat((Long) server().command("PTTL", counter)).as("TTL of the counter").isEqualTo(-1L);
	}

	@Test
	void aRaiseThatWouldBringTokensNearTheLimitOfLuasNumbersIsRefusedAndTokensKeepGrowing() throws Exception {
		LockClientInstance instance = instance().start();
		DistributedLock lock = instance.client.getLock("near-the-limit");
		String counter = KEYS.fenceCounterKey("near-the-limit");
		long justBelow = (1L << 53) - 1;

		assertThatIllegalArgumentException().isThrownBy(() -> lock.raiseFencingTokensAbove(justBelow))
			.withMessageContaining("near-the-limit");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> lock.raiseFencingTokensAbove(LockStore.MAX_FENCING_TOKEN));
		assertThatThrownBy(
				() -> server().command("EVAL", new String(LuaScript.RAISE_COUNTER.source(), StandardCharsets.UTF_8),
						"1", counter, Long.toString(justBelow)))
			.as("the script itself, sent by another client")
			.hasMessageContaining("FENCING");

		assertThat(server().command("GET", counter)).as("counter left as it was").isNull();
		long first = tokenOfANewHold(lock);
		assertThat(tokenOfANewHold(lock)).isGreaterThan(first);
	}

	@Test
	void aCounterWhereTokensCanNoLongerGrowIssuesNoTokenRatherThanTheSameOneAgain() throws Exception {
		LockClientInstance instance = instance().start();
		DistributedLock lock = instance.client.getLock("frozen");
		// As a raise to 2^53 - 1, which no longer passes, would have left it.
		server().command("SET", KEYS.fenceCounterKey("frozen"), Long.toString((1L << 53) - 1));

		assertThat(lock.tryLock(Duration.ZERO, LEASE, false)).isTrue();
		try {
			assertThatExceptionOfType(LockException.class).isThrownBy(lock::getFencingToken)
				.withStackTraceContaining("can no longer grow");
		}
		finally {
			lock.unlock();
		}
	}

	private static long tokenOfANewHold(DistributedLock lock) throws InterruptedException {
		assertThat(lock.tryLock(Duration.ZERO, LEASE, false)).isTrue();
		try {
			return lock.getFencingToken();
		}
		finally {
			lock.unlock();
		}
	}

	@Test
	void aLeaseRaisesTheTokensOfItsLockAlsoOnceReleased() throws Exception {
		LockClientInstance instance = instance().start();
		LockDefinition definition = LockDefinition.of("raised-by-a-lease", LEASE, Duration.ZERO);
		LockLease first = instance.client.tryAcquireAsync(definition)
			.toCompletableFuture()
			.get(10, TimeUnit.SECONDS)
			.orElseThrow();
		long token = first.fencingToken().toCompletableFuture().get(10, TimeUnit.SECONDS);
		first.release().toCompletableFuture().get(10, TimeUnit.SECONDS);
		// Ten minutes ahead of the server's clock, which would otherwise pass it.
		long resourceHolds = token + Duration.ofMinutes(10).toNanos() / 1000;
		assertThat(first.raiseFencingTokensAbove(resourceHolds).toCompletableFuture().get(10, TimeUnit.SECONDS))
			.isTrue();
		LockLease second = instance.client.tryAcquireAsync(definition)
			.toCompletableFuture()
			.get(10, TimeUnit.SECONDS)
			.orElseThrow();
		assertThat(second.fencingToken().toCompletableFuture().get(10, TimeUnit.SECONDS)).isEqualTo(resourceHolds + 1);
		second.release().toCompletableFuture().get(10, TimeUnit.SECONDS);
	}

	@Test
	void lockNamesOfOneHashSlotShareOneCounterAndTheirTokensGrowInIssueOrder() throws Exception {
		LockClientInstance holder = instance().start();
		String first = "shared-slot";
		String second = IntStream.range(0, 1_000_000)
			.mapToObj((i) -> "shared-slot-" + i)
			.filter((name) -> KEYS.fenceCounterKey(name).equals(KEYS.fenceCounterKey(first)))
			.findFirst()
			.orElseThrow();
		List<Long> tokens = new ArrayList<>();
		for (int round = 0; round < 6; round++) {
			DistributedLock lock = holder.client.getLock((round % 2 == 0) ? first : second);
			assertThat(lock.tryLock(Duration.ZERO, LEASE, false)).isTrue();
			try {
				tokens.add(lock.getFencingToken());
			}
			finally {
				lock.unlock();
			}
		}
		assertThat(tokens).isSorted().doesNotHaveDuplicates();
		assertThat(server().command("GET", KEYS.fenceCounterKey(second))).as("one counter recorded the last")
			.isEqualTo(Long.toString(tokens.get(5)));
	}

	@Test
	void anAcquisitionIssuesNoTokenUntilTheHolderAsksAndThenOnlyOne() throws Exception {
		LockClientInstance holder = instance().start();
		DistributedLock lock = holder.client.getLock("on-demand");
		assertThat(lock.tryLock(Duration.ZERO, LEASE, false)).isTrue();
		try {
			Object counterBefore = server().command("GET", KEYS.fenceCounterKey("on-demand"));
			long scriptsBefore = commandCount("evalsha");
			long token = lock.getFencingToken();
			assertThat(lock.getFencingToken()).as("asked again").isEqualTo(token);
			assertThat(commandCount("evalsha") - scriptsBefore).as("script calls for both").isEqualTo(1);
			assertThat(server().command("GET", KEYS.fenceCounterKey("on-demand"))).as("counter, was %s", counterBefore)
				.isEqualTo(Long.toString(token));
		}
		finally {
			lock.unlock();
		}
	}

	@Test
	void aLockHandedToAWaiterComesWithoutATokenUntilItsNewHolderAsks() throws Exception {
		LockClientInstance holder = instance().start();
		LockClientInstance waiter = instance().start();
		DistributedLock held = holder.client.getLock("handed");
		assertThat(held.tryLock(Duration.ZERO, LEASE, false)).isTrue();
		long holderToken = held.getFencingToken();
		CompletableFuture<Object> lastTokenAtAcquisition = new CompletableFuture<>();
		CompletableFuture<Long> waiterToken = CompletableFuture.supplyAsync(() -> {
			DistributedLock lock = waiter.client.getLock("handed");
			try {
				assertThat(lock.tryLock(Duration.ofSeconds(10), LEASE, false)).isTrue();
			}
			catch (InterruptedException ex) {
				throw new IllegalStateException(ex);
			}
			try {
				lastTokenAtAcquisition.complete(server().command("GET", KEYS.fenceCounterKey("handed")));
				return lock.getFencingToken();
			}
			finally {
				lock.unlock();
			}
		});
		await().atMost(Duration.ofSeconds(5)).until(() -> lockKeys().contains("lock:{handed}:waiters"));

		held.unlock();

		assertThat(lastTokenAtAcquisition.get(10, TimeUnit.SECONDS)).as("last token issued when handed over")
			.isEqualTo(Long.toString(holderToken));
		assertThat(waiterToken.get(10, TimeUnit.SECONDS)).isGreaterThan(holderToken);
	}

	@Test
	void tokensGrowInHoldingOrderWhetherAskedEarlyLateOrNotAtAll() throws Exception {
		LockClientInstance first = instance().start();
		LockClientInstance second = instance().start();
		List<Long> tokens = new ArrayList<>();
		for (int round = 0; round < 12; round++) {
			DistributedLock lock = ((round % 2 == 0) ? first : second).client.getLock("ordered");
			assertThat(lock.tryLock(Duration.ofSeconds(5), LEASE, false)).isTrue();
			try {
				// Ask at once, after the lease was renewed, or never.
				if (round % 3 == 1) {
					assertThat(lock.tryLock(Duration.ZERO, LEASE.plusSeconds(1), false)).isTrue();
					lock.unlock();
				}
				if (round % 3 != 2) {
					tokens.add(lock.getFencingToken());
				}
			}
			finally {
				lock.unlock();
			}
		}
		assertThat(tokens).hasSize(8).isSorted().doesNotHaveDuplicates();
	}

	@Test
	void aHolderThatRedisNoLongerRecordsGetsNoToken() throws Exception {
		LockClientInstance holder = instance().start();
		DistributedLock lock = holder.client.getLock("forgotten");
		assertThat(lock.tryLock(Duration.ZERO, LEASE, false)).isTrue();
		holder.redis.delete(holder.keys.lockKey("forgotten"));
		Object counterBefore = server().command("GET", KEYS.fenceCounterKey("forgotten"));

		assertThatExceptionOfType(LockLostException.class).isThrownBy(lock::getFencingToken)
			.satisfies((ex) -> assertThat(ex.getLockName()).isEqualTo("forgotten"));

		assertThat(server().command("GET", KEYS.fenceCounterKey("forgotten"))).as("counter").isEqualTo(counterBefore);
		assertThat(holder.lostEvents).singleElement()
			.satisfies((event) -> assertThat(event.fencingToken()).as("no token was issued").isZero());
		assertThat(lock.isHeldByCurrentThread()).isFalse();
		assertThatExceptionOfType(LockLostException.class).isThrownBy(lock::unlock);
	}

	@Test
	void aHolderWhoseLeaseRanOutCannotGetATokenAboveTheNextHolders() throws Exception {
		LockClientInstance stale = instance().start();
		LockClientInstance next = instance().start();
		DistributedLock staleLock = stale.client.getLock("overtaken");
		assertThat(staleLock.tryLock(Duration.ZERO, Duration.ofMillis(200), false)).isTrue();
		DistributedLock nextLock = next.client.getLock("overtaken");
		assertThat(nextLock.tryLock(Duration.ofSeconds(5), LEASE, false)).isTrue();
		try {
			long nextToken = nextLock.getFencingToken();

			assertThatExceptionOfType(LockLostException.class).isThrownBy(staleLock::getFencingToken);

			assertThat(server().command("GET", KEYS.fenceCounterKey("overtaken"))).isEqualTo(Long.toString(nextToken));
			assertThatExceptionOfType(LockLostException.class).isThrownBy(staleLock::unlock);
		}
		finally {
			nextLock.unlock();
		}
	}

}
