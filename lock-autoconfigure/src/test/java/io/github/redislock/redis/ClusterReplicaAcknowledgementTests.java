// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redis;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

import io.github.redislock.core.DistributedLock;
import io.github.redislock.core.LockStoreException;
import io.github.redislock.store.LockStore.LeaseRenewal;
import io.github.redislock.testsupport.RedisCluster;
import io.github.redislock.testsupport.RedisNode;
import io.github.redislock.testsupport.RedisServerExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.data.redis.connection.RedisClusterConfiguration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * On Redis Cluster a lock's write and its {@code WAIT} both go to the master serving the
 * lock's key: a {@code WAIT} sent anywhere else would count the replicas of another
 * shard, and a paused replica of the right one would go unnoticed.
 *
 * @author redis-lock contributors
 */
class ClusterReplicaAcknowledgementTests {

	private static final ReplicaAcknowledgement ONE_REPLICA = new ReplicaAcknowledgement(1, Duration.ofSeconds(1),
			false);

	private static final Duration LEASE = Duration.ofSeconds(30);

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	private static RedisCluster cluster;

	private final List<LockClientInstance> instances = new ArrayList<>();

	@BeforeAll
	static void startCluster() {
		cluster = redis.cluster(3, 1);
	}

	@AfterEach
	void resumeAndClose() {
		cluster.replicas().forEach(RedisNode::resume);
		this.instances.forEach(LockClientInstance::close);
	}

	@Test
	void eachLockWaitsForTheReplicaOfItsOwnShard() throws Exception {
		LockClientInstance instance = start();
		List<String> names = namesOnEveryShard();
		for (String name : names) {
			DistributedLock lock = instance.client.getLock(name);
			assertThat(lock.tryLock(Duration.ZERO, LEASE, false)).as(name).isTrue();
			lock.unlock();
		}
		for (String name : names) {
			RedisNode replica = replicaOf(masterOf(name));
			replica.pause();
			try {
				DistributedLock lock = instance.client.getLock(name);
				assertThatExceptionOfType(LockStoreException.class)
					.isThrownBy(() -> lock.tryLock(Duration.ZERO, LEASE, false))
					.withRootCauseInstanceOf(LockStoreException.class)
					.withMessageContaining("only 0 of 1 replicas acknowledged it");
				assertThat(masterOf(name).command("EXISTS", "lock:{" + name + "}")).as("lock key").isEqualTo(0L);
				for (String other : names) {
					if (!other.equals(name)) {
						DistributedLock unaffected = instance.client.getLock(other);
						assertThat(unaffected.tryLock(Duration.ZERO, LEASE, false)).as(other + " on another shard")
							.isTrue();
						unaffected.unlock();
					}
				}
			}
			finally {
				replica.resume();
			}
		}
	}

	@Test
	void aBatchOfRenewalsWaitsOnEveryShard() {
		LockClientInstance instance = start();
		List<String> names = namesOnEveryShard();
		List<LeaseRenewal> renewals = new ArrayList<>();
		for (String name : names) {
			assertThat(instance.store.tryAcquire(name, "owner", LEASE).acquired()).isTrue();
			renewals.add(new LeaseRenewal(name, "owner", LEASE));
		}
		assertThat(instance.store.renewAll(renewals)).containsOnly(true);

		RedisNode replica = replicaOf(masterOf(names.get(2)));
		replica.pause();
		try {
			// Only the shard whose replica did not answer fails; the others are renewed.
			List<CompletableFuture<Boolean>> replies = instance.store.renewAllAsync(renewals, Duration.ofSeconds(10));
			assertThat(replies.subList(0, 2)).allSatisfy((reply) -> assertThat(reply).isCompletedWithValue(true));
			assertThat(replies.get(2)).failsWithin(Duration.ZERO)
				.withThrowableOfType(ExecutionException.class)
				.withCauseInstanceOf(LockStoreException.class)
				.withMessageContaining("The lease of lock '" + names.get(2) + "' was extended, but only 0 of 1");
			assertThatExceptionOfType(LockStoreException.class).isThrownBy(() -> instance.store.renewAll(renewals));
		}
		finally {
			replica.resume();
		}
		assertThat(instance.store.renewAll(renewals)).containsOnly(true);
		names.forEach((name) -> assertThat(instance.store.release(name, "owner")).isTrue());
	}

	private LockClientInstance start() {
		LockClientInstance instance = LockClientInstance.on(new RedisClusterConfiguration(cluster.addresses()))
			.replicaAcknowledgement(ONE_REPLICA)
			.start();
		this.instances.add(instance);
		return instance;
	}

	/** One lock name whose key each master serves. */
	private static List<String> namesOnEveryShard() {
		List<String> names = new ArrayList<>();
		for (RedisNode master : cluster.masters()) {
			for (int i = 0; i < 1000; i++) {
				String name = "shard-" + i;
				if (masterOf(name) == master && !names.contains(name)) {
					names.add(name);
					break;
				}
			}
		}
		assertThat(names).hasSize(cluster.masters().size());
		return names;
	}

	/** The master that answers for the lock's key instead of redirecting. */
	private static RedisNode masterOf(String name) {
		for (RedisNode master : cluster.masters()) {
			try {
				master.command("EXISTS", "lock:{" + name + "}");
				return master;
			}
			catch (RuntimeException movedElsewhere) {
				// Not this master's slot.
			}
		}
		throw new IllegalStateException("No master serves lock " + name);
	}

	private static RedisNode replicaOf(RedisNode master) {
		for (RedisNode replica : cluster.replicas()) {
			if (Integer.toString(master.port()).equals(replica.info("replication").get("master_port"))) {
				return replica;
			}
		}
		throw new IllegalStateException("No replica of " + master);
	}

}
