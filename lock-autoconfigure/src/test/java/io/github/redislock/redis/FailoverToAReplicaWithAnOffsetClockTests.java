// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redis;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import io.github.redislock.core.DistributedLock;
import io.github.redislock.testsupport.RedisNode;
import io.github.redislock.testsupport.RedisSentinelGroup;
import io.github.redislock.testsupport.RedisServerExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.data.redis.connection.RedisSentinelConfiguration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Sentinel failovers to a replica whose wall clock is two minutes off (a redis-server run
 * with an offset clock). Behind: tokens keep growing from the replicated counter, not
 * from the replica's clock. Ahead: Redis 7 replicates leases as absolute expiry times, so
 * the promoted replica ends them early by its offset, as the guarantees page says.
 *
 * @author redis-lock contributors
 */
class FailoverToAReplicaWithAnOffsetClockTests {

	private static final Duration LEASE = Duration.ofSeconds(60);

	private static final Duration OFFSET = Duration.ofMinutes(2);

	private static final Duration FAILOVER_TIMEOUT = Duration.ofSeconds(30);

	private static final RedisLockKeys KEYS = new RedisLockKeys("lock:");

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	private final List<LockClientInstance> instances = new ArrayList<>();

	@AfterEach
	void closeInstances() {
		this.instances.forEach(LockClientInstance::close);
	}

	@Test
	void aReplicaWhoseClockIsBehindIssuesTokensAboveEveryTokenOfTheOldMaster() throws Exception {
		RedisSentinelGroup group = redis.fixture().sentinel(3, List.of(OFFSET.negated()));
		LockClientInstance instance = start(group);
		long before = 0;
		for (int i = 0; i < 3; i++) {
			DistributedLock lock = instance.client.getLock("order");
			assertThat(lock.tryLock(Duration.ofSeconds(5), LEASE, false)).isTrue();
			before = lock.getFencingToken();
			lock.unlock();
		}
		replicated(group);

		RedisNode master = group.master();
		master.kill();
		RedisNode promoted = group.awaitFailoverFrom(master, FAILOVER_TIMEOUT);
		assertThat(clockMicros(promoted)).as("the promoted replica's clock, behind every token issued")
			.isLessThan(before);

		DistributedLock lock = instance.client.getLock("order");
		assertThat(lock.tryLock(Duration.ofSeconds(10), LEASE, false)).as("acquired after the failover").isTrue();
		assertThat(lock.getFencingToken()).isEqualTo(before + 1);
		lock.unlock();
	}

	@Test
	void aReplicaWhoseClockIsAheadEndsTheLeasesItReceivedEarlyByItsOffset() throws Exception {
		RedisSentinelGroup group = redis.fixture().sentinel(3, List.of(OFFSET));
		LockClientInstance first = start(group);
		LockClientInstance second = start(group);
		DistributedLock firstLock = first.client.getLock("order");
		assertThat(firstLock.tryLock(Duration.ZERO, LEASE, false)).isTrue();
		long firstToken = firstLock.getFencingToken();
		replicated(group);
		RedisNode replica = group.replicas().get(0);
		if (majorVersion(group.master()) < 7) {
			// Redis 6.2 replicates a lease as a time to live, which the replica counts
			// down
			// on its own clock: it keeps the lease whatever its offset.
			assertThat(replica.command("EXISTS", KEYS.lockKey("order"))).as("lease on a Redis 6.2 replica")
				.isEqualTo(1L);
			firstLock.unlock();
			return;
		}
		assertThat(replica.command("EXISTS", KEYS.lockKey("order"))).as("lease on the replica, a minute left")
			.isEqualTo(0L);

		RedisNode master = group.master();
		master.kill();
		group.awaitFailoverFrom(master, FAILOVER_TIMEOUT);

		DistributedLock secondLock = second.client.getLock("order");
		assertThat(secondLock.tryLock(Duration.ofSeconds(10), LEASE, false))
			.as("a second holder while the first lease had most of its minute left")
			.isTrue();
		assertThat(secondLock.getFencingToken()).as("its token, which fences the first holder off")
			.isGreaterThan(firstToken);
		secondLock.unlock();
	}

	private LockClientInstance start(RedisSentinelGroup group) {
		RedisSentinelConfiguration configuration = new RedisSentinelConfiguration();
		configuration.master(group.masterName());
		for (RedisNode sentinel : group.sentinels()) {
			configuration.sentinel(sentinel.host(), sentinel.port());
		}
		LockClientInstance instance = LockClientInstance.on(configuration)
			.leaseTime(LEASE)
			.commandTimeout(Duration.ofSeconds(1))
			.start();
		this.instances.add(instance);
		return instance;
	}

	/** Wait until the replica has every write of the master. */
	private static void replicated(RedisSentinelGroup group) {
		assertThat(group.master().command("WAIT", "1", "5000")).as("replicas that acknowledged").isEqualTo(1L);
	}

	private static int majorVersion(RedisNode node) {
		String version = node.info("server").get("redis_version");
		return Integer.parseInt(version.substring(0, version.indexOf('.')));
	}

	private static long clockMicros(RedisNode node) {
		List<?> time = (List<?>) node.command("TIME");
		return Long.parseLong(String.valueOf(time.get(0))) * 1_000_000L + Long.parseLong(String.valueOf(time.get(1)));
	}

}
