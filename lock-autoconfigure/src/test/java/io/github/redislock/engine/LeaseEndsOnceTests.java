// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.engine;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A lease ends once: its holder's release and a loss found by another thread (renewal, an
 * asynchronous answer) exclude each other, so a loss is never reported for a hold whose
 * holder released it without being told.
 *
 * @author redis-lock contributors
 */
class LeaseEndsOnceTests {

	private static final int RACES = 5_000;

	@Test
	void lossFoundAfterTheHolderBeganToReleaseIsNotTaken() {
		Lease hold = newLease();
		hold.markReleased();

		assertThat(hold.markLostIfHeld()).isFalse();
		assertThat(hold.isLost()).isFalse();
	}

	@Test
	void lossFoundBeforeTheReleaseStandsThroughIt() {
		Lease hold = newLease();
		assertThat(hold.markLostIfHeld()).isTrue();
		hold.markReleased();

		assertThat(hold.isLost()).isTrue();
		assertThat(hold.markLostIfHeld()).as("taken once").isFalse();
	}

	@Test
	void aLossRacingTheReleaseIsTakenOnlyIfTheHolderSeesIt() throws Exception {
		ExecutorService threads = Executors.newFixedThreadPool(2);
		try {
			int taken = 0;
			for (int i = 0; i < RACES; i++) {
				Lease hold = newLease();
				CountDownLatch start = new CountDownLatch(1);
				Future<Boolean> holder = threads.submit(() -> {
					start.await();
					hold.markReleased();
					return hold.isLost();
				});
				Future<Boolean> renewal = threads.submit(() -> {
					start.await();
					return hold.markLostIfHeld();
				});
				start.countDown();
				boolean lossTaken = renewal.get(10, TimeUnit.SECONDS);
				// Read right after its release began, as the holder does once the store
				// answered.
				boolean holderTold = holder.get(10, TimeUnit.SECONDS);
				assertThat(holderTold).as("the holder is told of the loss taken, race %d", i).isEqualTo(lossTaken);
				taken += lossTaken ? 1 : 0;
			}
			System.out.println("Losses taken in " + taken + " of " + RACES + " races");
		}
		finally {
			threads.shutdownNow();
		}
	}

	private static Lease newLease() {
		return new Lease("race", "owner", Duration.ofSeconds(30), System.nanoTime(), (lease) -> lease,
				EngineRuntime.SYSTEM);
	}

}
