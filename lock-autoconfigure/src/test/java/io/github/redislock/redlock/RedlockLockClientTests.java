// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redlock;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Lock;

import io.github.redislock.core.DistributedLock;
import io.github.redislock.core.LockBackoff;
import io.github.redislock.core.LockDefinition;
import io.github.redislock.engine.DefaultLockClient;
import io.github.redislock.testsupport.RedisNode;
import io.github.redislock.testsupport.RedisServerExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.awaitility.Awaitility.await;

/**
 * The lock client on a Redlock keeps the contract it has on one Redis: re-entry, the
 * {@link Lock} methods and their owner check, and waiting that a release on any master
 * ends at once.
 *
 * @author redis-lock contributors
 */
class RedlockLockClientTests {

	private static final Duration LEASE = Duration.ofSeconds(30);

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	private static List<RedisNode> masters;

	private RedlockNodes first;

	private RedlockNodes second;

	@BeforeAll
	static void startMasters() {
		masters = redis.masters(3);
	}

	@AfterEach
	void close() {
		if (this.first != null) {
			this.first.close();
		}
		if (this.second != null) {
			this.second.close();
		}
	}

	@Test
	void aLeaseTheDriftAllowanceLeavesNothingOfIsRefusedBeforeAnyMasterIsAsked() throws Exception {
		this.first = RedlockNodes.on(masters);
		try (DefaultLockClient client = this.first.client(LEASE, (event) -> {
		})) {
			DistributedLock lock = client.getLock("fleeting");
			assertThatIllegalArgumentException()
				.isThrownBy(() -> lock.tryLock(Duration.ZERO, Duration.ofMillis(2), false))
				.withMessageContaining("'fleeting'")
				.withMessageContaining("(2 ms) leaves 0 ms to count on");
			assertThatIllegalArgumentException()
				.isThrownBy(() -> client
					.tryAcquireAsync(new LockDefinition("fleeting", Duration.ofMillis(1), Duration.ZERO, false)))
				.withMessageContaining("'fleeting'");
			assertThat(this.first.holdingNodes("fleeting")).isZero();
			assertThat(lock.tryLock(Duration.ZERO, Duration.ofMillis(500), false)).as("a lease that leaves time")
				.isTrue();
			lock.unlock();
		}
		assertThatIllegalArgumentException().isThrownBy(() -> this.first.client(Duration.ofMillis(2), (event) -> {
		})).withMessageContaining("Default lease time (2 ms)");
	}

	@Test
	void aHolderReentersAndReleasesOnItsLastUnlock() throws Exception {
		this.first = RedlockNodes.on(masters);
		try (DefaultLockClient client = this.first.client(LEASE, (event) -> {
		})) {
			DistributedLock lock = client.getLock("reentered");
			assertThat(lock.tryLock(Duration.ZERO, LEASE, true)).isTrue();
			assertThat(lock.tryLock(Duration.ZERO, LEASE, true)).as("re-entered").isTrue();
			lock.unlock();
			// Still held once: on every master, as it was.
			this.first.awaitHoldingNodes("reentered", 3);
			lock.unlock();
			this.first.awaitHoldingNodes("reentered", 0);
		}
	}

	@Test
	void lockMethodsKeepTheirContract() throws Exception {
		this.first = RedlockNodes.on(masters);
		try (DefaultLockClient client = this.first.client(LEASE, (event) -> {
		})) {
			Lock lock = client.getLock("contract");
			lock.lock();
			CompletableFuture<Void> otherThread = CompletableFuture
				.runAsync(() -> assertThatExceptionOfType(IllegalMonitorStateException.class).isThrownBy(lock::unlock));
			otherThread.get(10, TimeUnit.SECONDS);
			lock.unlock();
			assertThat(lock.tryLock(1, TimeUnit.SECONDS)).isTrue();
			lock.unlock();
			assertThatExceptionOfType(IllegalMonitorStateException.class).isThrownBy(lock::unlock);
			this.first.awaitHoldingNodes("contract", 0);
		}
	}

	@Test
	void aWaiterIsWokenByTheReleaseNotItsBackoff() throws Exception {
		this.first = RedlockNodes.on(masters);
		this.second = RedlockNodes.on(masters);
		LockBackoff slow = new LockBackoff(Duration.ofSeconds(20), 1.0, Duration.ofSeconds(20), 0.0);
		try (DefaultLockClient holder = this.first.client(LEASE, (event) -> {
		}); DefaultLockClient waiter = new DefaultLockClient(this.second.store, LEASE, true, slow, (event) -> {
		})) {
			DistributedLock held = holder.getLock("woken");
			assertThat(held.tryLock(Duration.ZERO, LEASE, true)).isTrue();
			CompletableFuture<Boolean> waited = CompletableFuture.supplyAsync(() -> {
				DistributedLock lock = waiter.getLock("woken");
				try {
					boolean acquired = lock.tryLock(Duration.ofSeconds(15), LEASE, true);
					if (acquired) {
						lock.unlock();
					}
					return acquired;
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
					return false;
				}
			});
			// Subscribed on every master, after its first and second attempts.
			await().atMost(Duration.ofSeconds(10))
				.until(() -> masters.stream()
					.allMatch((
							master) -> ((List<?>) master.command("PUBSUB", "CHANNELS", "lock:{woken}:*")).size() == 1));
			held.unlock();
			assertThat(waited.get(10, TimeUnit.SECONDS)).as("woken before its next attempt, 20 s away").isTrue();
		}
	}

}
