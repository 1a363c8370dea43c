// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redis;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import io.github.redislock.core.DistributedLock;
import io.github.redislock.core.LockLostEvent;
import io.github.redislock.core.LockLostException;
import io.github.redislock.testsupport.RedisCluster;
import io.github.redislock.testsupport.RedisNode;
import io.github.redislock.testsupport.RedisServerExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.data.redis.connection.ClusterSlotHashUtil;
import org.springframework.data.redis.connection.RedisClusterConfiguration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * On a Redis Cluster whose masters each serve their own slots, one master that stops
 * answering for longer than a lease costs only the leases it keeps: the locks on the
 * other masters stay held and renewed, their keys stay, and only the paused master's
 * locks are reported lost.
 *
 * @author redis-lock contributors
 */
class PausedShardCostsOnlyItsOwnLeasesTests {

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	private static final Duration LEASE = Duration.ofSeconds(2);

	private static final int LOCKS_PER_MASTER = 2;

	@Test
	void locksOnHealthyMastersStayHeldWhileOneMasterIsPausedPastTheirLeases() throws Exception {
		RedisCluster cluster = redis.cluster(3, 0);
		for (RedisNode master : cluster.masters()) {
			// The healthy masters keep serving their slots while another is down.
			master.command("CONFIG", "SET", "cluster-require-full-coverage", "no");
		}
		RedisNode paused = cluster.masters().get(0);
		try (LockClientInstance instance = LockClientInstance.on(new RedisClusterConfiguration(cluster.addresses()))
			.commandTimeout(Duration.ofSeconds(60))
			.start()) {
			List<List<String>> namesByMaster = namesByMaster(instance.store, cluster.masters().size());
			List<DistributedLock> healthy = new ArrayList<>();
			List<DistributedLock> onPaused = new ArrayList<>();
			for (int m = 0; m < namesByMaster.size(); m++) {
				for (String name : namesByMaster.get(m)) {
					DistributedLock lock = instance.client.getLock(name);
					assertThat(lock.tryLock(Duration.ZERO, LEASE, true)).as("lock %s", name).isTrue();
					((m == 0) ? onPaused : healthy).add(lock);
				}
			}
			paused.pause();
			try {
				await("the paused master's locks reported lost").atMost(LEASE.multipliedBy(3))
					.until(() -> instance.lostEvents.size() >= LOCKS_PER_MASTER);
				assertThat(paused.isPaused()).isTrue();
				// Three more leases: renewal alone keeps the healthy locks' keys.
				await("healthy keys to stay for three leases").during(LEASE.multipliedBy(3))
					.atMost(LEASE.multipliedBy(4))
					.pollInterval(Duration.ofMillis(100))
					.untilAsserted(() -> {
						for (int m = 1; m < namesByMaster.size(); m++) {
							for (String name : namesByMaster.get(m)) {
								Object ttl = cluster.masters().get(m).command("PTTL", instance.store.lockKey(name));
								assertThat((Long) ttl).as("milliseconds left of %s", name).isPositive();
							}
						}
					});
				assertThat(paused.isPaused()).isTrue();
				assertThat(instance.lostEvents).extracting(LockLostEvent::lockName)
					.containsExactlyInAnyOrderElementsOf(namesByMaster.get(0));
				assertThat(healthy).allMatch(DistributedLock::isHeldByCurrentThread);
				assertThat(onPaused).noneMatch(DistributedLock::isHeldByCurrentThread);
			}
			finally {
				paused.resume();
			}
			for (DistributedLock lock : healthy) {
				lock.unlock();
			}
			for (DistributedLock lock : onPaused) {
				assertThatExceptionOfType(LockLostException.class).isThrownBy(lock::unlock);
			}
		}
	}

	/**
	 * Names whose keys fall in each master's slots, the masters holding equal ranges in
	 * order (as the fixture assigns them).
	 */
	private static List<List<String>> namesByMaster(RedisLockStore store, int masters) {
		List<List<String>> names = new ArrayList<>();
		for (int m = 0; m < masters; m++) {
			names.add(new ArrayList<>());
		}
		for (int i = 0; i < 1000 && names.stream().anyMatch((list) -> list.size() < LOCKS_PER_MASTER); i++) {
			String name = "shard-lock-" + i;
			int slot = ClusterSlotHashUtil.calculateSlot(store.lockKey(name).getBytes(StandardCharsets.UTF_8));
			int master = 0;
			while ((master + 1) * ClusterSlotHashUtil.SLOT_COUNT / masters <= slot) {
				master++;
			}
			List<String> list = names.get(master);
			if (list.size() < LOCKS_PER_MASTER) {
				list.add(name);
			}
		}
		return names;
	}

}
