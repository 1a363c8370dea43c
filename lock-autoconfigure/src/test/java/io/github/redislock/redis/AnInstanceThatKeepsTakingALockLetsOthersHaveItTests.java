// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redis;

import java.time.Duration;

import io.github.redislock.core.DistributedLock;
import io.github.redislock.testsupport.RedisNode;
import io.github.redislock.testsupport.RedisReplicationGroup;
import io.github.redislock.testsupport.RedisServerExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An instance whose threads take a lock again and again, each releasing it to the next,
 * keeps it only for a few turns in a row: another instance waiting a few seconds gets it,
 * also when Redis does not queue its waiters (replica acknowledgement).
 *
 * @author redis-lock contributors
 */
class AnInstanceThatKeepsTakingALockLetsOthersHaveItTests {

	private static final ReplicaAcknowledgement ONE_REPLICA = new ReplicaAcknowledgement(1, Duration.ofSeconds(1),
			false);

	private static final int TRIES = 5;

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	private static RedisReplicationGroup group;

	@BeforeAll
	static void startMasterAndReplica() {
		group = redis.masterWithReplicas(1);
	}

	@AfterEach
	void cleanUp() {
		master().command("FLUSHALL");
		group.awaitReplicasInSync();
	}

	@Test
	void anotherInstanceGetsTheLockFromTheQueue() throws Exception {
		assertOtherInstanceGetsTheLock(LockClientInstance.on(master().port()), LockClientInstance.on(master().port()));
	}

	@Test
	void anotherInstanceGetsTheLockUnderReplicaAcknowledgement() throws Exception {
		assertOtherInstanceGetsTheLock(LockClientInstance.on(master().port()).replicaAcknowledgement(ONE_REPLICA),
				LockClientInstance.on(master().port()).replicaAcknowledgement(ONE_REPLICA));
	}

	@Test
	void anotherInstanceGetsTheLockUnderReplicaAcknowledgementWithLocalHandoffs() throws Exception {
		assertOtherInstanceGetsTheLock(
				LockClientInstance.on(master().port()).replicaAcknowledgement(ONE_REPLICA).maxLocalHandoffs(2),
				LockClientInstance.on(master().port()).replicaAcknowledgement(ONE_REPLICA));
	}

	private static void assertOtherInstanceGetsTheLock(LockClientInstance.Builder hammering,
			LockClientInstance.Builder other) throws Exception {
		try (LockClientInstance first = hammering.start();
				LockClientInstance second = other.start();
				LockHammer hammer = LockHammer.start(first.client.getLock("hot"), 4)) {
			DistributedLock lock = second.client.getLock("hot");
			int acquired = 0;
			for (int i = 0; i < TRIES; i++) {
				hammer.awaitTakes(50);
				if (lock.tryLock(Duration.ofSeconds(5), Duration.ofSeconds(30), false)) {
					acquired++;
					lock.unlock();
				}
			}
			assertThat(acquired)
				.as("tries of the other instance that got the lock, while the first took it %d times", hammer.takes())
				.isEqualTo(TRIES);
		}
	}

	private static RedisNode master() {
		return group.master();
	}

}
