// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.engine;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.redislock.core.DistributedLock;
import io.github.redislock.core.LockLostException;
import io.github.redislock.test.InMemoryLockStore;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Leases renewed in one batch are answered one by one: a lease kept by a server that does
 * not answer (a paused shard of a cluster) holds up no other lease of its batch, however
 * long that server stays silent, and is the only one reported lost.
 *
 * @author redis-lock contributors
 */
class SilentServerHoldsUpOnlyItsOwnLeasesTests extends InMemoryLockTestSupport {

	private static final Duration SHORT_LEASE = Duration.ofMillis(600);

	@Test
	void leasesAnsweredByAServerThatRespondsStayHeldWhileAnotherLeaseOfTheirBatchGoesUnanswered() throws Exception {
		AtomicInteger silentRenewals = new AtomicInteger();
		InMemoryLockStore store = track(new InMemoryLockStore() {

			@Override
			public List<CompletableFuture<Boolean>> renewAllAsync(List<LeaseRenewal> renewals, Duration timeout) {
				// The silent server's renewals are never answered, so they fail when the
				// time given runs out; the others are answered at once.
				List<CompletableFuture<Boolean>> replies = new ArrayList<>();
				for (LeaseRenewal renewal : renewals) {
					if (renewal.name().startsWith("silent")) {
						silentRenewals.incrementAndGet();
						replies
							.add(new CompletableFuture<Boolean>().orTimeout(timeout.toNanos(), TimeUnit.NANOSECONDS));
					}
					else {
						replies.add(CompletableFuture
							.completedFuture(renew(renewal.name(), renewal.ownerToken(), renewal.leaseTime())));
					}
				}
				return replies;
			}

		});
		DefaultLockClient client = newClient(store, QUICK_BACKOFF);
		DistributedLock silent = client.getLock("silent");
		List<DistributedLock> answered = List.of(client.getLock("answered-1"), client.getLock("answered-2"));
		// Taken together, so that every renewal carries all three leases in one batch.
		assertThat(silent.tryLock(Duration.ZERO, SHORT_LEASE, true)).isTrue();
		for (DistributedLock lock : answered) {
			assertThat(lock.tryLock(Duration.ZERO, SHORT_LEASE, true)).isTrue();
		}

		awaiting().until(() -> !this.lostEvents.isEmpty());
		assertThat(silentRenewals).as("the silent lease was in a renewal batch").hasPositiveValue();
		// Five more leases: renewal alone keeps the answered ones.
		awaiting().pollInSameThread()
			.during(SHORT_LEASE.multipliedBy(5))
			.atMost(SHORT_LEASE.multipliedBy(10))
			.untilAsserted(() -> {
				assertThat(answered).allMatch(DistributedLock::isHeldByCurrentThread);
				assertThat(store.holder("answered-1")).isNotNull();
				assertThat(store.holder("answered-2")).isNotNull();
			});
		assertThat(this.lostEvents).singleElement()
			.satisfies((event) -> assertThat(event.lockName()).isEqualTo("silent"));
		assertThat(silent.isHeldByCurrentThread()).isFalse();
		assertThatExceptionOfType(LockLostException.class).isThrownBy(silent::unlock);
		for (DistributedLock lock : answered) {
			lock.unlock();
		}
		store.advanceClock(SHORT_LEASE);
	}

}
