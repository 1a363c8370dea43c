// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redis;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;

import io.github.redislock.core.DistributedLock;
import io.github.redislock.core.LockLostException;
import io.github.redislock.core.LockStoreException;
import io.github.redislock.testsupport.RedisNode;
import io.github.redislock.testsupport.RedisSentinelGroup;
import io.github.redislock.testsupport.RedisServerExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.data.redis.connection.RedisSentinelConfiguration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * A failover to a replica that missed a lock, made deterministic: of two replicas, the
 * one that can be promoted has its replication link cut and is paused while the lock is
 * taken, the other is never promoted ({@code replica-priority 0}), and the master is
 * killed. Without replica acknowledgement a second holder is let in, and the first is
 * told and fenced off; with it, the first acquisition fails instead.
 *
 * @author redis-lock contributors
 */
class SentinelFailoverTests {

	/** Long enough that the first holder's first renewal comes after the failover. */
	private static final Duration LEASE = Duration.ofSeconds(30);

	private static final Duration FAILOVER_TIMEOUT = Duration.ofSeconds(30);

	private static final Duration RECOVERY = Duration.ofSeconds(10);

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	private final List<LockClientInstance> instances = new ArrayList<>();

	@AfterEach
	void closeInstances() {
		this.instances.forEach(LockClientInstance::close);
	}

	@Test
	void withoutAcknowledgementASecondHolderIsLetInAndTheFirstIsToldAndFencedOff() throws Exception {
		RedisSentinelGroup group = redis.sentinel(3, 2);
		LockClientInstance first = start(group, ReplicaAcknowledgement.NONE);
		LockClientInstance second = start(group, ReplicaAcknowledgement.NONE);
		FencedResource resource = new FencedResource();
		RedisNode promotable = cutOffPromotableReplica(group);

		DistributedLock firstLock = first.client.getLock("order");
		assertThat(firstLock.tryLock(Duration.ZERO, LEASE, true)).isTrue();
		long firstToken = firstLock.getFencingToken();
		assertThat(resource.write(firstToken)).as("first holder's write").isTrue();

		failOver(group, promotable);

		DistributedLock secondLock = second.client.getLock("order");
		assertThat(secondLock.tryLock(RECOVERY, LEASE, true)).as("second holder let in").isTrue();
		assertThat(first.lostEvents).as("first holder told before its next renewal").isEmpty();
		long secondToken = secondLock.getFencingToken();
		assertThat(resource.write(secondToken)).as("second holder's write").isTrue();
		assertThat(resource.write(firstToken)).as("first holder's write after the failover").isFalse();

		await().atMost(LEASE).until(() -> !first.lostEvents.isEmpty());
		assertThat(first.lostEvents).singleElement().satisfies((event) -> {
			assertThat(event.lockName()).isEqualTo("order");
			assertThat(event.fencingToken()).isEqualTo(firstToken);
		});
		assertThatExceptionOfType(LockLostException.class).isThrownBy(firstLock::unlock);
		secondLock.unlock();
		everyInstanceCanAcquireAgain();
	}

	@Test
	void withAcknowledgementTheFirstAcquisitionFailsInstead() throws Exception {
		RedisSentinelGroup group = redis.sentinel(3, 2);
		ReplicaAcknowledgement bothReplicas = new ReplicaAcknowledgement(2, Duration.ofMillis(500), false);
		LockClientInstance first = start(group, bothReplicas);
		LockClientInstance second = start(group, bothReplicas);
		RedisNode promotable = cutOffPromotableReplica(group);

		DistributedLock firstLock = first.client.getLock("order");
		assertThatExceptionOfType(LockStoreException.class)
			.isThrownBy(() -> firstLock.tryLock(Duration.ZERO, LEASE, true))
			.withRootCauseInstanceOf(LockStoreException.class)
			.withMessageContaining("only 1 of 2 replicas acknowledged it");
		assertThat(group.master().command("EXISTS", "lock:{order}")).as("lock key").isEqualTo(0L);

		RedisNode oldMaster = group.master();
		failOver(group, promotable);
		// Acquisitions fail loudly until two replicas acknowledge again: the old master
		// comes back as a replica of the new one, as Sentinel would reconfigure it.
		oldMaster.restart();
		oldMaster.command("REPLICAOF", promotable.host(), Integer.toString(promotable.port()));
		// Online, not only connected: a replica still loading its full copy acknowledges
		// nothing.
		await("two replicas online behind the new master").atMost(Duration.ofSeconds(30))
			.until(() -> onlineReplicas(promotable) == 2);

		await("an acknowledged acquisition once the old master rejoined").atMost(RECOVERY)
			.pollInSameThread()
			.ignoreExceptionsInstanceOf(LockStoreException.class)
			.until(() -> {
				DistributedLock lock = second.client.getLock("order");
				lock.lock();
				lock.unlock();
				return true;
			});
		everyInstanceCanAcquireAgain();
	}

	private LockClientInstance start(RedisSentinelGroup group, ReplicaAcknowledgement acknowledgement) {
		RedisSentinelConfiguration configuration = new RedisSentinelConfiguration();
		configuration.master(group.masterName());
		for (RedisNode sentinel : group.sentinels()) {
			configuration.sentinel(sentinel.host(), sentinel.port());
		}
		LockClientInstance instance = LockClientInstance.on(configuration)
			.leaseTime(LEASE)
			.commandTimeout(Duration.ofSeconds(1))
			.replicaAcknowledgement(acknowledgement)
			.start();
		this.instances.add(instance);
		return instance;
	}

	/**
	 * Make the first replica the only one Sentinel may promote, then cut it off from the
	 * master and pause it, so that it misses what the master writes next.
	 */
	private static RedisNode cutOffPromotableReplica(RedisSentinelGroup group) {
		RedisNode promotable = group.replicas().get(0);
		RedisNode neverPromoted = group.replicas().get(1);
		neverPromoted.command("CONFIG", "SET", "replica-priority", "0");
		await("sentinels to see replica-priority 0").atMost(Duration.ofSeconds(30))
			.until(() -> group.sentinels().stream().allMatch((sentinel) -> priorityOf(sentinel, neverPromoted) == 0));
		promotable.pause();
		group.master().command("CLIENT", "KILL", "TYPE", "replica");
		// The other replica reconnects at once; wait until it follows the master again.
		await("the other replica to follow the master again").atMost(Duration.ofSeconds(10))
			.until(() -> String.valueOf(group.master().info("replication").get("connected_slaves")).equals("1")
					&& "online".equals(replicaState(group.master())));
		return promotable;
	}

	private static void failOver(RedisSentinelGroup group, RedisNode promotable) {
		RedisNode master = group.master();
		master.kill();
		promotable.resume();
		RedisNode promoted = group.awaitFailoverFrom(master, FAILOVER_TIMEOUT);
		assertThat(promoted).as("promoted replica").isSameAs(promotable);
	}

	private void everyInstanceCanAcquireAgain() throws InterruptedException {
		for (LockClientInstance instance : this.instances) {
			DistributedLock lock = instance.client.getLock("after-failover");
			assertThat(lock.tryLock(RECOVERY, LEASE, false)).as("acquired after the failover").isTrue();
			lock.unlock();
		}
	}

	private static long priorityOf(RedisNode sentinel, RedisNode replica) {
		Object replicas = sentinel.command("SENTINEL", "REPLICAS", RedisSentinelGroup.MASTER_NAME);
		if (replicas instanceof List<?> list) {
			for (Object entry : list) {
				List<?> fields = (List<?>) entry;
				String port = null;
				String priority = null;
				for (int i = 0; i + 1 < fields.size(); i += 2) {
					String field = String.valueOf(fields.get(i));
					if (field.equals("port")) {
						port = String.valueOf(fields.get(i + 1));
					}
					else if (field.equals("slave-priority")) {
						priority = String.valueOf(fields.get(i + 1));
					}
				}
				if (Integer.toString(replica.port()).equals(port) && priority != null) {
					return Long.parseLong(priority);
				}
			}
		}
		return -1;
	}

	private static long onlineReplicas(RedisNode master) {
		Map<String, String> replication = master.info("replication");
		return IntStream.range(0, 4)
			.mapToObj((i) -> replication.get("slave" + i))
			.filter((replica) -> replica != null && replica.contains("state=online"))
			.count();
	}

	private static String replicaState(RedisNode master) {
		String replica = master.info("replication").get("slave0");
		return (replica != null && replica.contains("state=online")) ? "online" : "not online";
	}

	/**
	 * A resource that accepts a write only with a token no lower than any it accepted.
	 */
	private static final class FencedResource {

		private final AtomicLong highest = new AtomicLong();

		boolean write(long token) {
			long seen = this.highest.get();
			while (token >= seen) {
				if (this.highest.compareAndSet(seen, token)) {
					return true;
				}
				seen = this.highest.get();
			}
			return false;
		}

	}

}
