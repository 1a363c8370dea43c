// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redis;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.redislock.core.DistributedLock;
import io.github.redislock.engine.LockClientProbe;
import io.github.redislock.store.LockStore;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Renewing many held locks costs a few batched round trips per renewal period, not one
 * per lock, and every lease stays alive.
 *
 * @author redis-lock contributors
 */
class BatchedRenewalTests extends RedisLockTestSupport {

	private static final int LOCKS = 500;

	@Test
	void manyHeldLocksAreRenewedInFewBatches() {
		AtomicInteger batches = new AtomicInteger();
		AtomicInteger renewals = new AtomicInteger();
		Duration lease = Duration.ofMillis(1500);
		LockClientInstance instance = instance().leaseTime(lease)
			.storeDecorator((store) -> new CountingRenewals(store, batches, renewals))
			.start();
		List<DistributedLock> held = new ArrayList<>();
		for (int i = 0; i < LOCKS; i++) {
			DistributedLock lock = instance.client.getLock("batch:" + i);
			lock.lock();
			held.add(lock);
		}
		await().atMost(Duration.ofSeconds(20)).until(() -> renewals.get() >= 3 * LOCKS);
		assertThat(held).allMatch(DistributedLock::isHeldByCurrentThread);
		assertThat(instance.lostEvents).isEmpty();
		// Three rounds of 500 renewals: one call per lock would be 1500.
		assertThat(batches.get()).isLessThan(60);
		assertThat(LockClientProbe.renewalCount(instance.client)).isEqualTo(LOCKS);
		held.forEach(DistributedLock::unlock);
		assertThat(LockClientProbe.renewalCount(instance.client)).isZero();
	}

	private static final class CountingRenewals extends DelegatingLockStore {

		private final AtomicInteger batches;

		private final AtomicInteger renewals;

		CountingRenewals(LockStore delegate, AtomicInteger batches, AtomicInteger renewals) {
			super(delegate);
			this.batches = batches;
			this.renewals = renewals;
		}

		@Override
		public List<Boolean> renewAll(List<LeaseRenewal> leases) {
			this.batches.incrementAndGet();
			List<Boolean> results = super.renewAll(leases);
			this.renewals.addAndGet((int) results.stream().filter(Boolean::booleanValue).count());
			return results;
		}

		@Override
		public boolean renew(String name, String ownerToken, Duration leaseTime) {
			this.batches.incrementAndGet();
			return super.renew(name, ownerToken, leaseTime);
		}

	}

}
