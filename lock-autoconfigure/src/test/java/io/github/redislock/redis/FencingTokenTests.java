// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redis;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.github.redislock.core.DistributedLock;
import io.github.redislock.core.LockLostException;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * Fencing tokens are issued on demand: an acquisition or a hand-off carries none, and the
 * first time a holder asks, Redis issues one only if it still records that holder.
 *
 * @author redis-lock contributors
 */
class FencingTokenTests extends RedisLockTestSupport {

	private static final Duration LEASE = Duration.ofSeconds(30);

	@Test
	void theLastTokenIsKeptForTheTokenRetentionSoTokensOutgrowClockDifferencesUpToIt() throws Exception {
		LockClientInstance holder = instance().start();
		holder.store.setFencingTokenRetention(Duration.ofMinutes(30));
		DistributedLock lock = holder.client.getLock("retained");
		assertThat(lock.tryLock(Duration.ZERO, LEASE, false)).isTrue();
		try {
			lock.getFencingToken();
			assertThat((Long) server().command("PTTL", "lock:{retained}:fence"))
				.isGreaterThan(Duration.ofMinutes(29).toMillis());
		}
		finally {
			lock.unlock();
			server().command("DEL", "lock:{retained}:fence");
		}
	}

	@Test
	void anAcquisitionIssuesNoTokenUntilTheHolderAsksAndThenOnlyOne() throws Exception {
		LockClientInstance holder = instance().start();
		DistributedLock lock = holder.client.getLock("on-demand");
		assertThat(lock.tryLock(Duration.ZERO, LEASE, false)).isTrue();
		try {
			assertThat(server().command("EXISTS", "lock:{on-demand}:fence")).as("fence key").isEqualTo(0L);
			long scriptsBefore = commandCount("evalsha");
			long token = lock.getFencingToken();
			assertThat(lock.getFencingToken()).as("asked again").isEqualTo(token);
			assertThat(commandCount("evalsha") - scriptsBefore).as("script calls for both").isEqualTo(1);
			assertThat(server().command("GET", "lock:{on-demand}:fence")).isEqualTo(Long.toString(token));
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
				lastTokenAtAcquisition.complete(server().command("GET", "lock:{handed}:fence"));
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

		assertThatExceptionOfType(LockLostException.class).isThrownBy(lock::getFencingToken)
			.satisfies((ex) -> assertThat(ex.getLockName()).isEqualTo("forgotten"));

		assertThat(server().command("EXISTS", "lock:{forgotten}:fence")).as("fence key").isEqualTo(0L);
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

			assertThat(server().command("GET", "lock:{overtaken}:fence")).isEqualTo(Long.toString(nextToken));
			assertThatExceptionOfType(LockLostException.class).isThrownBy(staleLock::unlock);
		}
		finally {
			nextLock.unlock();
		}
	}

}
