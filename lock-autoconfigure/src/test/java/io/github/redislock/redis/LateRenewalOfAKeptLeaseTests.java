// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redis;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import io.github.redislock.core.LockDefinition;
import io.github.redislock.core.LockLease;
import io.github.redislock.store.LockStore;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A holder's own {@link LockLease#renew()} that the store answers only after the lease it
 * saw when it asked: the client's renewal kept the lease meanwhile, so the lease is not
 * lost, and the late answer still counts.
 *
 * @author redis-lock contributors
 */
class LateRenewalOfAKeptLeaseTests extends RedisLockTestSupport {

	private static final Duration LEASE = Duration.ofMillis(600);

	/** Longer than the lease: the holder's renewal times out by the lease it saw. */
	private static final long RENEW_DELAY_MILLIS = 1_500;

	@Test
	void aRenewalAnsweredAfterTheLeaseItSawIsNoLossWhileTheLeaseIsKept() throws Exception {
		LockClientInstance instance = instance().storeDecorator(SlowRenewals::new).start();
		LockLease lease = instance.client.tryAcquireAsync(new LockDefinition("kept", LEASE, Duration.ZERO, true))
			.get(5, TimeUnit.SECONDS)
			.orElseThrow();

		assertThat(lease.renew().toCompletableFuture()).succeedsWithin(Duration.ofSeconds(5));

		assertThat(lease.whenLost().toCompletableFuture()).isNotDone();
		assertThat(lease.isHeld()).isTrue();
		assertThat(lease.release().toCompletableFuture()).succeedsWithin(Duration.ofSeconds(5));
	}

	/** Answers a holder's own renewal late; the client's renewals go through at once. */
	private static final class SlowRenewals extends DelegatingLockStore {

		SlowRenewals(LockStore delegate) {
			super(delegate);
		}

		@Override
		public boolean renew(String name, String ownerToken, Duration leaseTime) {
			try {
				Thread.sleep(RENEW_DELAY_MILLIS);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
			return super.renew(name, ownerToken, leaseTime);
		}

	}

}
