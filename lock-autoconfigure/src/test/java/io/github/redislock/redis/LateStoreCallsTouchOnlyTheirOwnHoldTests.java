// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redis;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;

import io.github.redislock.core.DistributedLock;
import io.github.redislock.core.LockDefinition;
import io.github.redislock.core.LockLease;
import io.github.redislock.core.LockLostException;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatNoException;

/**
 * A store call names the one hold it is for: every hold has an owner token of its own,
 * also a hold passed to another thread of the instance, so a release, renewal or revoke
 * that reaches Redis late never frees or extends a newer hold, and every caller of one
 * hold sees the same fencing token.
 *
 * @author redis-lock contributors
 */
class LateStoreCallsTouchOnlyTheirOwnHoldTests extends RedisLockTestSupport {

	private static final Duration WAIT = Duration.ofSeconds(10);

	private static final Duration LEASE = Duration.ofSeconds(30);

	@Test
	void aLateReleaseOfAnEarlierHoldLeavesTheSameThreadsNewHoldHeld() throws Exception {
		LockClientInstance instance = instance().start();
		LockClientInstance other = instance().start();
		DistributedLock lock = instance.client.getLock("late-release");
		assertThat(lock.tryLock(WAIT, LEASE, false)).isTrue();
		String earlierToken = ownerToken(instance, "late-release");
		lock.unlock();
		assertThat(lock.tryLock(WAIT, LEASE, false)).isTrue();
		try {
			// The release of the earlier hold, delayed in a pool or on the network, or
			// sent again by the client after a reconnect, lands now.
			assertThat(instance.store.release("late-release", earlierToken)).as("the earlier hold was released")
				.isTrue();
			assertThat(instance.store.renew("late-release", earlierToken, Duration.ofMillis(50))).isFalse();
			assertThat((Long) server().command("PTTL", lockKey(instance, "late-release"))).as("the new hold's lease")
				.isGreaterThan(LEASE.toMillis() / 2);
			assertThat(other.client.getLock("late-release").tryLock()).as("another instance's attempt").isFalse();
		}
		finally {
			assertThatNoException().isThrownBy(lock::unlock);
		}
		assertThat(instance.lostEvents).isEmpty();
	}

	@Test
	void aLockLeftUnderAnEarlierHoldsTokenIsNotTakenForTheSameThreadsNextHold() throws Exception {
		LockClientInstance instance = instance().start();
		DistributedLock lock = instance.client.getLock("left-behind");
		assertThat(lock.tryLock(Duration.ZERO, LEASE, false)).isTrue();
		String value = String.valueOf(server().command("GET", lockKey(instance, "left-behind")));
		lock.unlock();
		// An acquisition of the earlier hold, sent again late, takes the lock once more.
		server().command("SET", lockKey(instance, "left-behind"), value, "PX", "5000");

		assertThat(lock.tryLock(Duration.ZERO, LEASE, false)).as("the next hold of the same thread").isFalse();
		assertThat((Long) server().command("PTTL", lockKey(instance, "left-behind"))).as("the leftover's own lease")
			.isLessThanOrEqualTo(5000);
		server().command("DEL", lockKey(instance, "left-behind"));
	}

	@Test
	void aLateReleaseOfAHoldPassedToAnotherThreadLeavesThatThreadsHoldAlone() throws Exception {
		LockClientInstance instance = instance().start();
		LockClientInstance other = instance().start();
		DistributedLock lock = instance.client.getLock("passed-on");
		assertThat(lock.tryLock(WAIT, LEASE, false)).isTrue();
		String firstToken = ownerToken(instance, "passed-on");
		CountDownLatch taken = new CountDownLatch(1);
		CountDownLatch checked = new CountDownLatch(1);
		CompletableFuture<Throwable> next = new CompletableFuture<>();
		Thread waiter = new Thread(() -> {
			DistributedLock sameLock = instance.client.getLock("passed-on");
			try {
				if (!sameLock.tryLock(WAIT, LEASE, false)) {
					throw new AssertionError("the waiting thread did not get the lock");
				}
				taken.countDown();
				checked.await(WAIT.toMillis(), TimeUnit.MILLISECONDS);
				sameLock.unlock();
				next.complete(null);
			}
			catch (Throwable ex) {
				next.complete(ex);
			}
		});
		waiter.start();
		awaitBlocked(waiter);
		lock.unlock();
		assertThat(taken.await(WAIT.toMillis(), TimeUnit.MILLISECONDS)).isTrue();
		try {
			// What an operator's revoke of the first hold sends, landing after the
			// hand-off; Redis answers it as done, since the pass ended that hold.
			instance.store.release("passed-on", firstToken);
			assertThat(ownerToken(instance, "passed-on")).as("the next thread's own token").isNotEqualTo(firstToken);
			assertThat(other.client.getLock("passed-on").tryLock()).as("another instance's attempt").isFalse();
		}
		finally {
			checked.countDown();
		}
		assertThat(next.get(WAIT.toMillis(), TimeUnit.MILLISECONDS)).isNull();
		assertThat(instance.lostEvents).isEmpty();
	}

	@Test
	void aReleaseThatRunsTwiceIsNotReportedAsALoss() throws Exception {
		LockClientInstance instance = instance().start();
		DistributedLock lock = instance.client.getLock("released-twice");
		assertThat(lock.tryLock(WAIT, LEASE, true)).isTrue();
		// The first run of the release, whose reply a dropped connection lost; the client
		// sends the same release again after reconnecting.
		assertThat(instance.store.release("released-twice", ownerToken(instance, "released-twice"))).isTrue();
		assertThatNoException().isThrownBy(lock::unlock);
		assertThat(instance.lostEvents).isEmpty();
	}

	@Test
	void aReleaseThatRunsTwiceAfterHandingTheLockOnIsNotReportedAsALoss() throws Exception {
		LockClientInstance instance = instance().start();
		LockClientInstance other = instance().start();
		DistributedLock lock = instance.client.getLock("handed-twice");
		assertThat(lock.tryLock(WAIT, LEASE, false)).isTrue();
		CompletableFuture<Boolean> waiter = CompletableFuture.supplyAsync(() -> {
			DistributedLock theirs = other.client.getLock("handed-twice");
			try {
				boolean acquired = theirs.tryLock(WAIT, LEASE, false);
				if (acquired) {
					theirs.unlock();
				}
				return acquired;
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				return false;
			}
		});
		String waitersKey = instance.keys.waitersKey("handed-twice");
		org.awaitility.Awaitility.await()
			.atMost(WAIT)
			.until(() -> Long.valueOf(1).equals(server().command("HLEN", waitersKey)));
		assertThat(instance.store.release("handed-twice", ownerToken(instance, "handed-twice"))).isTrue();
		assertThatNoException().isThrownBy(lock::unlock);
		assertThat(waiter.get(WAIT.toMillis(), TimeUnit.MILLISECONDS)).isTrue();
		assertThat(instance.lostEvents).isEmpty();
	}

	@Test
	void aReleaseAfterTheLockWasDeletedByAnotherStillReportsTheLoss() throws Exception {
		LockClientInstance instance = instance().start();
		DistributedLock lock = instance.client.getLock("deleted-under");
		assertThat(lock.tryLock(WAIT, LEASE, false)).isTrue();
		server().command("DEL", lockKey(instance, "deleted-under"));
		assertThatExceptionOfType(LockLostException.class).isThrownBy(lock::unlock);
		assertThat(instance.lostEvents).hasSize(1);
	}

	@Test
	void aRevokeReportsWhatItReleasedAndTellsTheHolder() throws Exception {
		LockClientInstance instance = instance().start();
		DistributedLock lock = instance.client.getLock("revoked");
		assertThat(lock.tryLock(WAIT, LEASE, false)).isTrue();
		assertThat(instance.client.revoke("revoked")).isTrue();
		assertThat(instance.client.revoke("revoked")).as("nothing left to revoke").isFalse();
		assertThat(instance.lostEvents).hasSize(1);
		assertThat(server().command("EXISTS", lockKey(instance, "revoked"))).isEqualTo(0L);
		assertThatExceptionOfType(LockLostException.class).isThrownBy(lock::unlock);
	}

	@Test
	void callersOfOneHoldAskingForAFencingTokenAtOnceAllGetTheSameToken() throws Exception {
		LockClientInstance instance = instance().start();
		for (int trial = 0; trial < 20; trial++) {
			LockLease lease = instance.client.tryAcquireAsync(LockDefinition.of("fenced-once", LEASE, WAIT))
				.get(WAIT.toMillis(), TimeUnit.MILLISECONDS)
				.orElseThrow();
			try {
				CyclicBarrier start = new CyclicBarrier(2);
				List<CompletableFuture<Long>> asks = new ArrayList<>();
				for (int caller = 0; caller < 2; caller++) {
					asks.add(CompletableFuture.supplyAsync(() -> {
						try {
							start.await(WAIT.toMillis(), TimeUnit.MILLISECONDS);
						}
						catch (Exception ex) {
							throw new IllegalStateException(ex);
						}
						return lease.fencingToken().toCompletableFuture().join();
					}));
				}
				long first = asks.get(0).get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
				long second = asks.get(1).get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
				assertThat(second).as("trial %d", trial).isEqualTo(first);
				assertThat(lease.fencingToken().toCompletableFuture().join()).isEqualTo(first);
			}
			finally {
				lease.release().toCompletableFuture().get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
			}
		}
	}

	private static String lockKey(LockClientInstance instance, String name) {
		return instance.keys.lockKey(name);
	}

	private static String ownerToken(LockClientInstance instance, String name) {
		String value = String.valueOf(server().command("GET", lockKey(instance, name)));
		return value.substring(0, value.indexOf(' '));
	}

}
