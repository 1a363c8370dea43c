// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redlock;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.github.redislock.core.DistributedLock;
import io.github.redislock.engine.DefaultLockClient;
import io.github.redislock.testsupport.RedisNode;
import io.github.redislock.testsupport.RedisServerExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A thread interrupted while its Redlock acquisition waits for a paused master leaves the
 * lock on no master: neither on the one that granted it before the interrupt, nor on the
 * paused one, which carries out the acquisition once it runs again.
 *
 * @author redis-lock contributors
 */
class RedlockInterruptedAcquisitionLeavesNoGrantTests {

	private static final Duration LEASE = Duration.ofSeconds(30);

	/** Long: the acquisition stays undecided until the interrupt. */
	private static final Duration NODE_TIMEOUT = Duration.ofSeconds(3);

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	private static List<RedisNode> masters;

	private RedlockNodes redlock;

	@BeforeAll
	static void startMasters() {
		masters = redis.masters(3);
	}

	@AfterEach
	void healAndClean() {
		this.redlock.closeAndHeal();
	}

	@Test
	void anAcquisitionInterruptedWhileAMasterIsPausedLeavesTheLockOnNoMaster() throws Exception {
		this.redlock = RedlockNodes.on(masters, NODE_TIMEOUT, 0.01);
		// Held by another owner on the first master only: one no, one yes, one paused
		// decides nothing before the node timeout.
		assertThat(this.redlock.node(0).tryAcquire("interrupted", "other", LEASE).acquired()).isTrue();
		try (DefaultLockClient client = this.redlock.client(LEASE, (event) -> {
		})) {
			DistributedLock lock = client.getLock("interrupted");
			masters.get(2).pause();
			CompletableFuture<Throwable> ended = new CompletableFuture<>();
			Thread waiter = new Thread(() -> {
				try {
					ended
						.complete(new AssertionError("acquired: " + lock.tryLock(Duration.ofSeconds(10), LEASE, true)));
				}
				catch (Throwable ex) {
					ended.complete(ex);
				}
			}, "interrupted-waiter");
			waiter.start();
			await().atMost(Duration.ofSeconds(5))
				.until(() -> Long.valueOf(1).equals(masters.get(1).command("EXISTS", "lock:{interrupted}")));
			waiter.interrupt();
			assertThat(ended.get(10, TimeUnit.SECONDS)).isInstanceOf(InterruptedException.class);

			masters.get(2).resume();
			await().atMost(Duration.ofSeconds(10))
				.untilAsserted(() -> assertThat(masters.subList(1, 3))
					.filteredOn((master) -> Long.valueOf(1).equals(master.command("EXISTS", "lock:{interrupted}")))
					.as("masters where the interrupted acquisition left the lock")
					.isEmpty());
			assertThat(String.valueOf(masters.get(0).command("GET", "lock:{interrupted}"))).startsWith("other ");
		}
	}

}
