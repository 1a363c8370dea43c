// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redlock;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import io.github.redislock.core.DistributedLock;
import io.github.redislock.core.LockDefinition;
import io.github.redislock.core.LockLease;
import io.github.redislock.engine.DefaultLockClient;
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
 * A holder on a Redlock counts on its lease only as long as the Redlock validity, the
 * lease less the round trip and the allowance for clock drift, whether the lease was just
 * taken, taken after a wait, lengthened by a re-entry, extended or renewed. The drift
 * factor is large here, so that the allowance (1 s of a 10 s lease) dwarfs any timing
 * noise.
 *
 * @author redis-lock contributors
 */
class RedlockLeaseCountsClockDriftTests {

	private static final Duration LEASE = Duration.ofSeconds(10);

	private static final double DRIFT_FACTOR = 0.1;

	/** Long, so that a busy machine does not fail an attempt. */
	private static final Duration NODE_TIMEOUT = Duration.ofSeconds(2);

	/** The lease less the drift allowance: 10 s less 1 s and 2 ms. */
	private static final Duration VALIDITY = Duration.ofMillis(10_000 - 1_000 - 2);

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	private static List<RedisNode> masters;

	private RedlockNodes redlock;

	@BeforeAll
	static void startMasters() {
		masters = redis.masters(3);
	}

	@BeforeEach
	void connect() {
		this.redlock = RedlockNodes.on(masters, NODE_TIMEOUT, DRIFT_FACTOR);
	}

	@AfterEach
	void close() {
		this.redlock.closeAndHeal();
	}

	@Test
	void anAcquiredLeaseLastsNoLongerThanTheLeaseLessTheDrift() throws Exception {
		try (DefaultLockClient client = this.redlock.client(LEASE, (event) -> {
		})) {
			DistributedLock lock = client.getLock("acquired");
			assertThat(lock.tryLock(Duration.ZERO, LEASE, false)).isTrue();
			assertThat(lock.getRemainingLease()).isLessThanOrEqualTo(VALIDITY).isGreaterThan(Duration.ofSeconds(5));
			lock.unlock();
		}
	}

	@Test
	void aLeaseTakenAfterAWaitLastsNoLongerThanTheLeaseLessTheDrift() throws Exception {
		RedlockNodes other = RedlockNodes.on(masters, NODE_TIMEOUT, DRIFT_FACTOR);
		try (DefaultLockClient holder = other.client(LEASE, (event) -> {
		}); DefaultLockClient waiter = this.redlock.client(LEASE, (event) -> {
		})) {
			DistributedLock held = holder.getLock("waited");
			assertThat(held.tryLock(Duration.ZERO, LEASE, false)).isTrue();
			CompletableFuture<Duration> remaining = CompletableFuture.supplyAsync(() -> {
				DistributedLock lock = waiter.getLock("waited");
				try {
					if (!lock.tryLock(Duration.ofSeconds(20), LEASE, false)) {
						return Duration.ZERO;
					}
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
					return Duration.ZERO;
				}
				Duration left = lock.getRemainingLease();
				lock.unlock();
				return left;
			});
			// Waiting: it subscribed on every master after its first attempt.
			await().atMost(Duration.ofSeconds(10))
				.until(() -> masters.stream()
					.allMatch((master) -> ((List<?>) master.command("PUBSUB", "CHANNELS", "lock:{waited}:*"))
						.size() == 1));
			held.unlock();
			assertThat(remaining.get(15, TimeUnit.SECONDS)).isLessThanOrEqualTo(VALIDITY)
				.isGreaterThan(Duration.ofSeconds(5));
		}
		finally {
			other.close();
		}
	}

	@Test
	void aReentryThatLengthensTheLeaseCountsTheDriftOfTheLongerLease() throws Exception {
		try (DefaultLockClient client = this.redlock.client(LEASE, (event) -> {
		})) {
			DistributedLock lock = client.getLock("lengthened");
			assertThat(lock.tryLock(Duration.ZERO, LEASE, false)).isTrue();
			assertThat(lock.tryLock(Duration.ZERO, Duration.ofSeconds(20), false)).isTrue();
			// 20 s less 2 s and 2 ms.
			assertThat(lock.getRemainingLease()).isLessThanOrEqualTo(Duration.ofMillis(17_998))
				.isGreaterThan(Duration.ofSeconds(12));
			lock.unlock();
			lock.unlock();
		}
	}

	@Test
	void anAsynchronousLeaseAndItsExtensionLastNoLongerThanTheLeaseLessTheDrift() throws Exception {
		try (DefaultLockClient client = this.redlock.client(LEASE, (event) -> {
		})) {
			Optional<LockLease> acquired = client
				.tryAcquireAsync(new LockDefinition("async", LEASE, Duration.ZERO, false))
				.toCompletableFuture()
				.get(10, TimeUnit.SECONDS);
			assertThat(acquired).isPresent();
			LockLease lease = acquired.get();
			assertThat(lease.getRemainingLease()).isLessThanOrEqualTo(VALIDITY).isGreaterThan(Duration.ofSeconds(5));
			lease.renew().toCompletableFuture().get(10, TimeUnit.SECONDS);
			assertThat(lease.getRemainingLease()).as("extended")
				.isLessThanOrEqualTo(VALIDITY)
				.isGreaterThan(Duration.ofSeconds(5));
			lease.release().toCompletableFuture().get(10, TimeUnit.SECONDS);
		}
	}

	@Test
	void aRenewedLeaseLastsNoLongerThanTheLeaseLessTheDrift() throws Exception {
		try (DefaultLockClient client = this.redlock.client(LEASE, (event) -> {
		})) {
			DistributedLock lock = client.getLock("renewed");
			assertThat(lock.tryLock(Duration.ZERO, LEASE, true)).isTrue();
			AtomicLong previous = new AtomicLong(lock.getRemainingLease().toMillis());
			AtomicLong afterRenewal = new AtomicLong();
			// Renewed about a third of the way in: the lease left jumps up again. Read on
			// this thread, the holder's.
			await().atMost(Duration.ofSeconds(9)).pollInSameThread().pollInterval(Duration.ofMillis(50)).until(() -> {
				long now = lock.getRemainingLease().toMillis();
				afterRenewal.set(now);
				return now > previous.getAndSet(now) + 500;
			});
			assertThat(Duration.ofMillis(afterRenewal.get())).as("lease left just after a renewal")
				.isLessThanOrEqualTo(VALIDITY);
			lock.unlock();
		}
	}

}
