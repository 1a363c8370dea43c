// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redlock;

import java.time.Duration;
import java.util.List;

import io.github.redislock.core.DistributedLock;
import io.github.redislock.engine.DefaultLockClient;
import io.github.redislock.redis.LockHammer;
import io.github.redislock.testsupport.RedisNode;
import io.github.redislock.testsupport.RedisServerExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * On a Redlock, which queues no waiters, an instance whose threads take a lock again and
 * again keeps it only for a few turns in a row: another instance waiting a few seconds
 * gets it.
 *
 * @author redis-lock contributors
 */
class RedlockInstanceThatKeepsTakingALockLetsOthersHaveItTests {

	private static final int TRIES = 5;

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	private static List<RedisNode> masters;

	@BeforeAll
	static void startMasters() {
		masters = redis.masters(3);
	}

	@ParameterizedTest(name = "local hand-offs: {0}")
	@ValueSource(ints = { 0, 2 })
	void anotherInstanceGetsTheLock(int localHandoffs) throws Exception {
		try (RedlockNodes first = RedlockNodes.on(masters);
				RedlockNodes second = RedlockNodes.on(masters);
				DefaultLockClient hammering = first.client(Duration.ofSeconds(30), (event) -> {
				});
				DefaultLockClient other = second.client(Duration.ofSeconds(30), (event) -> {
				})) {
			hammering.setMaxLocalHandoffs(localHandoffs);
			DistributedLock lock = other.getLock("hot");
			int acquired = 0;
			try (LockHammer hammer = LockHammer.start(hammering.getLock("hot"), 4)) {
				for (int i = 0; i < TRIES; i++) {
					hammer.awaitTakes(50);
					if (lock.tryLock(Duration.ofSeconds(5), Duration.ofSeconds(30), false)) {
						acquired++;
						lock.unlock();
					}
				}
				assertThat(acquired)
					.as("tries of the other instance that got the lock, while the first took it %d times",
							hammer.takes())
					.isEqualTo(TRIES);
			}
		}
	}

}
