// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.engine;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.redislock.core.DistributedLock;
import io.github.redislock.core.LockLostException;
import io.github.redislock.test.InMemoryLockStore;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * A renewal whose reply does not come (a store that stopped answering) costs no lease
 * past its end: the lease is reported lost when it runs out, while the call is still
 * stuck, and a reply that says "renewed" after that does not make the lock held again.
 *
 * @author redis-lock contributors
 */
class StuckRenewalTests extends InMemoryLockTestSupport {

	private static final Duration LEASE = Duration.ofMillis(900);

	@Test
	void leaseIsReportedLostWhenItRunsOutWhileItsRenewalIsStuckAndALateReplyDoesNotReviveIt() throws Exception {
		CountDownLatch renewalSent = new CountDownLatch(1);
		CountDownLatch reply = new CountDownLatch(1);
		AtomicInteger replied = new AtomicInteger();
		InMemoryLockStore stuck = track(new InMemoryLockStore() {

			@Override
			public List<Boolean> renewAll(List<LeaseRenewal> renewals) {
				// The store renews, for longer than the lease, and its reply is held up.
				List<Boolean> renewed = super.renewAll(renewals.stream()
					.map((renewal) -> new LeaseRenewal(renewal.name(), renewal.ownerToken(), Duration.ofSeconds(30)))
					.toList());
				renewalSent.countDown();
				try {
					reply.await(30, TimeUnit.SECONDS);
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
				}
				replied.incrementAndGet();
				return renewed;
			}

		});
		DefaultLockClient client = newClient(stuck, QUICK_BACKOFF);
		DistributedLock lock = client.getLock("stuck");
		long requested = System.nanoTime();
		assertThat(lock.tryLock(Duration.ZERO, LEASE, true)).isTrue();
		assertThat(renewalSent.await(5, TimeUnit.SECONDS)).as("renewal sent").isTrue();

		awaiting().until(() -> !this.lostEvents.isEmpty());
		long lostAfter = System.nanoTime() - requested;

		assertThat(replied).as("replies to renewals while the loss was reported").hasValue(0);
		assertThat(lostAfter).as("reported once the lease ran out").isGreaterThanOrEqualTo(LEASE.toNanos());
		assertThat(this.lostEvents).singleElement()
			.satisfies((event) -> assertThat(event.reason()).contains("lease ran out"));
		assertThat(lock.isHeldByCurrentThread()).isFalse();
		assertThat(lock.getRemainingLease()).isZero();

		reply.countDown();
		awaiting().until(() -> replied.get() > 0);
		// The late reply reached the renewal thread, which drops it.
		awaiting().during(Duration.ofMillis(300)).until(() -> !lock.isHeldByCurrentThread());
		assertThat(LockClientProbe.renewalCount(client)).isZero();
		assertThat(stuck.holder("stuck")).as("the store kept the lock for the late renewal").isNotNull();
		assertThatExceptionOfType(LockLostException.class).isThrownBy(lock::unlock)
			.withMessageContaining("reported lost");
		assertThat(this.lostEvents).as("the release reports no loss twice").hasSize(1);
		assertThat(stuck.holder("stuck")).as("released by the unlock").isNull();
	}

}
