// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redis;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.github.redislock.core.DistributedLock;
import io.github.redislock.core.LockBackoff;
import io.github.redislock.core.LockStoreException;
import io.github.redislock.engine.DefaultLockClient;
import io.github.redislock.store.LockStore;
import io.github.redislock.testsupport.RedisNode;
import io.github.redislock.testsupport.RedisReplicationGroup;
import io.github.redislock.testsupport.RedisServerExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.jedis.JedisConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assumptions.assumeThat;
import static org.awaitility.Awaitility.await;

/**
 * With {@code redis-lock.replica-ack.replicas} set, a lock is granted, extended or fenced
 * only once the replicas acknowledged the write; what they do not acknowledge in time
 * fails loudly, and an acquisition gives the lock back.
 *
 * @author redis-lock contributors
 */
class ReplicaAcknowledgementTests {

	private static final ReplicaAcknowledgement ONE_REPLICA = new ReplicaAcknowledgement(1, Duration.ofSeconds(1),
			false);

	private static final Duration LEASE = Duration.ofSeconds(30);

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	private static RedisReplicationGroup group;

	private final List<AutoCloseable> closeables = new ArrayList<>();

	@BeforeAll
	static void startMasterAndReplica() {
		group = redis.masterWithReplicas(1);
	}

	@AfterEach
	void resumeReplicaAndCleanUp() throws Exception {
		replica().resume();
		for (AutoCloseable closeable : this.closeables) {
			closeable.close();
		}
		master().command("FLUSHALL");
		group.awaitReplicasInSync();
	}

	@Test
	void anAcquisitionReturnsOnlyAfterTheReplicaAcknowledgedIt() throws Exception {
		LockClientInstance instance = start(ONE_REPLICA);
		long waitsBefore = commandCount("wait");
		DistributedLock lock = instance.client.getLock("acknowledged");
		assertThat(lock.tryLock(Duration.ZERO, LEASE, false)).isTrue();
		try {
			assertThat(commandCount("wait") - waitsBefore).as("WAIT calls").isEqualTo(1);
			assertThat(String.valueOf(replica().command("GET", "lock:{acknowledged}"))).as("on the replica")
				.startsWith(ownerToken(master(), "acknowledged"));
		}
		finally {
			lock.unlock();
		}
	}

	@Test
	void anAcquisitionTheReplicaDoesNotAcknowledgeFailsAndLeavesTheLockFree() throws Exception {
		LockClientInstance instance = start(ONE_REPLICA);
		DistributedLock lock = instance.client.getLock("unacknowledged");
		replica().pause();

		assertThatExceptionOfType(LockStoreException.class).isThrownBy(() -> lock.tryLock(Duration.ZERO, LEASE, false))
			.withRootCauseInstanceOf(LockStoreException.class)
			.withMessageContaining("unacknowledged")
			.withMessageContaining("only 0 of 1 replicas acknowledged it within 1000 ms")
			.withMessageContaining("it was given back");
		assertThat(master().command("EXISTS", "lock:{unacknowledged}")).as("lock key").isEqualTo(0L);
		assertThat(lock.isHeldByCurrentThread()).isFalse();

		replica().resume();
		assertThat(lock.tryLock(Duration.ZERO, LEASE, false)).as("once the replica is back").isTrue();
		lock.unlock();
	}

	@Test
	void aPassToAWaitingThreadTheReplicaDoesNotAcknowledgeEndsTheHoldWithoutReportingALoss() throws Exception {
		LockClientInstance instance = start(ONE_REPLICA);
		DistributedLock lock = instance.client.getLock("passed");
		assertThat(lock.tryLock(Duration.ZERO, LEASE, false)).isTrue();
		Thread[] waiting = new Thread[1];
		CompletableFuture<Boolean> next = CompletableFuture.supplyAsync(() -> {
			waiting[0] = Thread.currentThread();
			try {
				return instance.client.getLock("passed").tryLock(Duration.ofSeconds(30), LEASE, false);
			}
			catch (InterruptedException ex) {
				throw new IllegalStateException(ex);
			}
		}, (task) -> new Thread(task).start());
		await().atMost(Duration.ofSeconds(10))
			.until(() -> waiting[0] != null && (waiting[0].getState() == Thread.State.WAITING
					|| waiting[0].getState() == Thread.State.TIMED_WAITING));
		replica().pause();

		lock.unlock();

		assertThat(instance.lostEvents).as("losses reported").isEmpty();
		assertThatExceptionOfType(Exception.class).isThrownBy(() -> next.get(10, TimeUnit.SECONDS))
			.withRootCauseInstanceOf(LockStoreException.class)
			.withMessageContaining("only 0 of 1 replicas acknowledged it");
		assertThat(master().command("EXISTS", "lock:{passed}")).as("lock key").isEqualTo(0L);
	}

	@Test
	void aRenewalOrAFencingTokenTheReplicaDoesNotAcknowledgeFails() {
		LockClientInstance instance = start(ONE_REPLICA);
		RedisLockStore store = instance.store;
		assertThat(store.tryAcquire("renewed", "owner-1", LEASE).acquired()).isTrue();
		replica().pause();

		assertThatExceptionOfType(LockStoreException.class).isThrownBy(() -> store.renew("renewed", "owner-1", LEASE))
			.withMessageContaining("The lease of lock 'renewed' was extended, but only 0 of 1 replicas")
			.extracting(LockStoreException::getLockName)
			.isEqualTo("renewed");
		assertThatExceptionOfType(LockStoreException.class)
			.isThrownBy(() -> store.renewAll(List.of(new LockStore.LeaseRenewal("renewed", "owner-1", LEASE))))
			.withMessageContaining("1 leases were extended, but only 0 of 1 replicas");
		assertThatExceptionOfType(LockStoreException.class)
			.isThrownBy(() -> store.issueFencingToken("renewed", "owner-1", LEASE))
			.withMessageContaining("A fencing token for lock 'renewed' was issued, but only 0 of 1 replicas");

		replica().resume();
		assertThat(store.renew("renewed", "owner-1", LEASE)).isTrue();
		assertThat(store.release("renewed", "owner-1")).isTrue();
	}

	@Test
	void aRaiseThatFindsTheCounterAboveItReturnsOnlyOnceTheReplicaHasTheCounter() throws Exception {
		LockClientInstance instance = start(new ReplicaAcknowledgement(1, Duration.ofSeconds(30), false));
		String counterKey = instance.keys.fenceCounterKey("raised");
		replica().pause();
		// Written by another client, and not yet on the replica.
		master().command("SET", counterKey, "5000");

		CompletableFuture<Boolean> raise = CompletableFuture
			.supplyAsync(() -> instance.store.raiseFencingTokensAbove("raised", 4000));
		await().atMost(Duration.ofSeconds(10)).until(() -> raise.isDone() || clientsWaitingForReplicas() > 0);
		assertThat(raise).as("the raise, while the replica is paused").isNotDone();

		replica().resume();
		assertThat(raise.get(10, TimeUnit.SECONDS)).as("raised").isFalse();
		assertThat(replica().command("GET", counterKey)).as("on the replica").hasToString("5000");
	}

	@Test
	void aRaiseThatFindsTheCounterAboveItFailsWhenTheReplicaDoesNotAcknowledge() {
		LockClientInstance instance = start(ONE_REPLICA);
		String counterKey = instance.keys.fenceCounterKey("unraised");
		master().command("SET", counterKey, "5000");
		replica().pause();

		assertThatExceptionOfType(LockStoreException.class)
			.isThrownBy(() -> instance.store.raiseFencingTokensAbove("unraised", 4000))
			.withMessageContaining("The fencing tokens of lock 'unraised' were raised, but only 0 of 1 replicas");
	}

	@Test
	void waitersTakeTheLockThemselvesWokenByTheRelease() throws Exception {
		LockClientInstance holder = start(ONE_REPLICA);
		// Only the release's notification can wake it before its next attempt is due.
		LockClientInstance waiter = LockClientInstance.on(master().port())
			.replicaAcknowledgement(ONE_REPLICA)
			.backoff(new LockBackoff(Duration.ofSeconds(20), 1.0, Duration.ofSeconds(20), 0.0))
			.start();
		this.closeables.add(0, waiter);
		DistributedLock held = holder.client.getLock("no-queue");
		assertThat(held.tryLock(Duration.ZERO, LEASE, false)).isTrue();
		long scriptsBefore = commandCount("evalsha");
		CompletableFuture<Boolean> waited = CompletableFuture.supplyAsync(() -> {
			DistributedLock lock = waiter.client.getLock("no-queue");
			try {
				boolean acquired = lock.tryLock(Duration.ofSeconds(15), LEASE, false);
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
		await().atMost(Duration.ofSeconds(5)).until(() -> subscribers("lock:{no-queue}:released") > 0);
		// The attempt after subscribing, the second, is the one that would queue a
		// waiter.
		await().atMost(Duration.ofSeconds(5)).until(() -> commandCount("evalsha") >= scriptsBefore + 2);
		assertThat(master().command("EXISTS", "lock:{no-queue}:waiters")).as("queue").isEqualTo(0L);

		held.unlock();

		assertThat(waited.get(10, TimeUnit.SECONDS)).as("woken before its next attempt").isTrue();
	}

	@Test
	void anAcquisitionThatMustAlsoBeOnDiskFailsLoudlyWithoutAnAppendOnlyFile() {
		LockClientInstance instance = start(new ReplicaAcknowledgement(1, Duration.ofSeconds(1), true));
		DistributedLock lock = instance.client.getLock("on-disk");

		assertThatExceptionOfType(LockStoreException.class).isThrownBy(() -> lock.tryLock(Duration.ZERO, LEASE, false))
			.withMessageContaining("WAITAOF")
			.havingCause()
			.isInstanceOf(LockStoreException.class)
			.withMessageContaining("Lock 'on-disk' was taken, but waiting for its replicas failed (WAITAOF)")
			.withMessageContaining("it was given back");
		assertThat(master().command("EXISTS", "lock:{on-disk}")).as("lock key").isEqualTo(0L);
	}

	@Test
	void anAcquisitionThatMustAlsoBeOnDiskOnARedisWithoutWaitaofSaysWhichVersionItNeeds() {
		String version = String.valueOf(master().command("INFO", "server"))
			.replaceAll("(?s).*redis_version:([0-9.]+).*", "$1");
		assumeThat(Runtime.Version.parse(version).compareTo(Runtime.Version.parse("7.2"))).as(version).isNegative();
		LockClientInstance instance = start(new ReplicaAcknowledgement(1, Duration.ofSeconds(1), true));
		DistributedLock lock = instance.client.getLock("on-disk-old");

		assertThatExceptionOfType(LockStoreException.class).isThrownBy(() -> lock.tryLock(Duration.ZERO, LEASE, false))
			.havingCause()
			.withMessageContaining("redis-lock.replica-ack.fsync needs Redis 7.2 or later")
			.withMessageContaining("it was given back");
		assertThat(master().command("EXISTS", "lock:{on-disk-old}")).as("lock key").isEqualTo(0L);
	}

	@Test
	void jedisConnectionsWaitForTheReplicaToo() throws Exception {
		JedisConnectionFactory factory = new JedisConnectionFactory(
				new RedisStandaloneConfiguration(master().host(), master().port()));
		factory.afterPropertiesSet();
		factory.start();
		this.closeables.add(factory::destroy);
		RedisLockStore store = new RedisLockStore(new StringRedisTemplate(factory), "lock:", ONE_REPLICA);
		this.closeables.add(store);
		DefaultLockClient client = new DefaultLockClient(store);
		this.closeables.add(client);
		DistributedLock lock = client.getLock("jedis");
		assertThat(lock.tryLock(Duration.ZERO, LEASE, false)).isTrue();
		lock.unlock();

		replica().pause();
		assertThatExceptionOfType(LockStoreException.class).isThrownBy(() -> lock.tryLock(Duration.ZERO, LEASE, false))
			.withMessageContaining("only 0 of 1 replicas acknowledged it");
		assertThat(master().command("EXISTS", "lock:{jedis}")).as("lock key").isEqualTo(0L);
	}

	private LockClientInstance start(ReplicaAcknowledgement acknowledgement) {
		LockClientInstance instance = LockClientInstance.on(master().port())
			.replicaAcknowledgement(acknowledgement)
			.start();
		this.closeables.add(0, instance);
		return instance;
	}

	/** Clients of the master blocked in WAIT. */
	private static long clientsWaitingForReplicas() {
		return String.valueOf(master().command("CLIENT", "LIST"))
			.lines()
			.filter((client) -> client.contains(" flags=b ") && client.contains(" cmd=wait "))
			.count();
	}

	private static long subscribers(String channel) {
		Object reply = master().command("PUBSUB", "NUMSUB", channel);
		return (reply instanceof List<?> list && list.size() == 2) ? Long.parseLong(String.valueOf(list.get(1))) : 0;
	}

	private static String ownerToken(RedisNode node, String name) {
		String value = String.valueOf(node.command("GET", "lock:{" + name + "}"));
		return value.substring(0, value.indexOf(' '));
	}

	private static long commandCount(String command) {
		String stats = master().info("commandstats").get("cmdstat_" + command);
		if (stats == null) {
			return 0;
		}
		String calls = stats.split(",")[0];
		return Long.parseLong(calls.substring(calls.indexOf('=') + 1));
	}

	private static RedisNode master() {
		return group.master();
	}

	private static RedisNode replica() {
		return group.replicas().get(0);
	}

}
