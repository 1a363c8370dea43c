// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.engine;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.redislock.core.DistributedLock;
import io.github.redislock.core.LockDefinition;
import io.github.redislock.core.LockLease;
import io.github.redislock.core.LockLostEvent;
import io.github.redislock.core.LockLostException;
import io.github.redislock.core.LockStoreException;
import io.github.redislock.test.InMemoryLockStore;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * A holder whose lease is gone from the store learns of it on the first occasion, at
 * release, from the renewal, or when it asks for a fencing token, and its listener is
 * told exactly once; a store that fails at release leaves nothing held locally.
 *
 * @author redis-lock contributors
 */
class LeaseLossTests extends InMemoryLockTestSupport {

	@Test
	void leaseThatRanOutInTheStoreIsReportedAtReleaseOnceAndLeavesTheNextHolderIntact() throws Exception {
		DistributedLock lock = newClient().getLock("ran-out");
		assertThat(lock.tryLock(Duration.ZERO, Duration.ofSeconds(10), false)).isTrue();
		// The holder's process paused past its lease: only the store saw the time pass.
		this.store.advanceClock(Duration.ofSeconds(11));
		LockingThread next = LockingThread.holding(newClient().getLock("ran-out"), DistributedLock::tryLock);
		assertThat(next.acquired()).isTrue();

		assertThatExceptionOfType(LockLostException.class).isThrownBy(lock::unlock)
			.satisfies((ex) -> assertThat(ex.getLockName()).isEqualTo("ran-out"));

		assertThat(lock.getHoldCount()).isZero();
		assertThat(this.lostEvents).singleElement().satisfies((event) -> {
			assertThat(event.lockName()).isEqualTo("ran-out");
			assertThat(event.reason()).contains("at release");
		});
		assertThat(this.store.holder("ran-out")).as("the next holder's lock").isNotNull();
		next.release();
	}

	@Test
	void renewalThatFindsTheLockGoneReportsTheLossOnceAndStopsRenewing() throws Exception {
		DefaultLockClient client = newClient();
		DistributedLock lock = client.getLock("taken-away");
		assertThat(lock.tryLock(Duration.ZERO, Duration.ofMillis(600), true)).isTrue();
		long fencingToken = lock.getFencingToken();

		this.store.forceRelease("taken-away");

		awaiting().until(() -> !this.lostEvents.isEmpty());
		assertThat(this.lostEvents).singleElement().satisfies((event) -> {
			assertThat(event.lockName()).isEqualTo("taken-away");
			assertThat(event.fencingToken()).isEqualTo(fencingToken);
		});
		assertThat(lock.isHeldByCurrentThread()).isFalse();
		assertThat(LockClientProbe.renewalCount(client)).isZero();
		assertThatExceptionOfType(LockLostException.class).isThrownBy(lock::unlock);
		assertThat(this.lostEvents).as("the release reports no loss twice").hasSize(1);
	}

	@Test
	void anAsynchronousLeaseFoundLostIsForgottenThoughNeverReleased() throws Exception {
		DefaultLockClient client = newClient();
		LockLease lease = client
			.tryAcquireAsync(new LockDefinition("dropped", Duration.ofMillis(600), Duration.ZERO, true))
			.toCompletableFuture()
			.get(10, TimeUnit.SECONDS)
			.orElseThrow();

		this.store.forceRelease("dropped");
		lease.whenLost().toCompletableFuture().get(10, TimeUnit.SECONDS);

		assertThat(LockClientProbe.activeLockCount(client)).as("leases the client keeps").isZero();
		// Listeners are told on the client's own thread, after the lease's stage
		// completed.
		awaiting().until(() -> !this.lostEvents.isEmpty());
		assertThat(this.lostEvents).extracting(LockLostEvent::lockName).containsExactly("dropped");
	}

	@Test
	void renewalThatKeepsFailingRetriesWhileTheLeaseLastsThenReportsTheLossOnce() throws Exception {
		AtomicInteger attempts = new AtomicInteger();
		InMemoryLockStore unreachable = track(new InMemoryLockStore() {

			@Override
			public List<Boolean> renewAll(List<LeaseRenewal> renewals) {
				attempts.incrementAndGet();
				throw new IllegalStateException("store unreachable");
			}

		});
		DefaultLockClient client = newClient(unreachable, QUICK_BACKOFF);
		DistributedLock lock = client.getLock("unrenewable");
		assertThat(lock.tryLock(Duration.ZERO, Duration.ofMillis(600), true)).isTrue();

		awaiting().until(() -> !this.lostEvents.isEmpty());

		assertThat(attempts).as("renewal attempts within the lease").hasValueGreaterThanOrEqualTo(2);
		assertThat(this.lostEvents).singleElement()
			.satisfies((event) -> assertThat(event.reason()).contains("ran out before it could be renewed"));
		assertThat(lock.isHeldByCurrentThread()).isFalse();
		assertThat(LockClientProbe.renewalCount(client)).isZero();
		// The store counts the lease from a moment later than the client: let it pass.
		unreachable.advanceClock(Duration.ofSeconds(1));
		assertThatExceptionOfType(LockLostException.class).isThrownBy(lock::unlock);
		assertThat(this.lostEvents).hasSize(1);
	}

	@Test
	void leaseThatRanOutWhileTheStoreWasUnreachableIsLostAtReleaseNotAStoreFailure() throws Exception {
		InMemoryLockStore unreachable = track(new InMemoryLockStore() {

			@Override
			public List<Boolean> renewAll(List<LeaseRenewal> renewals) {
				throw new IllegalStateException("store unreachable");
			}

			@Override
			public boolean release(String name, String ownerToken) {
				throw new IllegalStateException("store unreachable");
			}

		});
		DefaultLockClient client = newClient(unreachable, QUICK_BACKOFF);
		DistributedLock lock = client.getLock("partitioned");
		assertThat(lock.tryLock(Duration.ZERO, Duration.ofMillis(600), true)).isTrue();
		awaiting().until(() -> !this.lostEvents.isEmpty());

		// Another instance may hold the lock by now: the caller must not read the
		// failed release as "the lock frees itself later, the result stands".
		assertThatExceptionOfType(LockLostException.class).isThrownBy(lock::unlock)
			.satisfies((ex) -> assertThat(ex.getLockName()).isEqualTo("partitioned"))
			.withMessageContaining("could not reach the store")
			.withCauseInstanceOf(LockStoreException.class);
		assertThat(this.lostEvents).as("the loss is told once").hasSize(1);
		assertThat(LockClientProbe.activeLockCount(client)).isZero();
	}

	@Test
	void holderTheStoreNoLongerRecordsGetsNoFencingTokenAndTheLossIsReportedOnce() {
		DistributedLock lock = newClient().getLock("no-token");
		assertThat(lock.tryLock()).isTrue();
		this.store.advanceClock(LEASE.plusSeconds(1));

		assertThatExceptionOfType(LockLostException.class).isThrownBy(lock::getFencingToken)
			.satisfies((ex) -> assertThat(ex.getLockName()).isEqualTo("no-token"));

		assertThat(this.lostEvents).singleElement()
			.satisfies((event) -> assertThat(event.fencingToken()).as("no token was issued").isZero());
		assertThat(lock.isHeldByCurrentThread()).isFalse();
		assertThatExceptionOfType(LockLostException.class).isThrownBy(lock::unlock);
		assertThat(this.lostEvents).hasSize(1);
	}

	@Test
	void releaseTheStoreFailsLeavesNothingHeldLocallyAndTheLockToItsLease() throws Exception {
		InMemoryLockStore failing = track(new InMemoryLockStore() {

			@Override
			public boolean release(String name, String ownerToken) {
				throw new IllegalStateException("store unreachable");
			}

		});
		DefaultLockClient client = newClient(failing, QUICK_BACKOFF);
		DistributedLock lock = client.getLock("unreleased");
		assertThat(lock.tryLock(Duration.ZERO, Duration.ofSeconds(10), true)).isTrue();

		assertThatExceptionOfType(LockStoreException.class).isThrownBy(lock::unlock)
			.withMessageContaining("the lock store failed (store unreachable)")
			.withMessageContaining("frees itself when its lease runs out");

		assertThat(lock.getHoldCount()).isZero();
		assertThat(LockClientProbe.activeLockCount(client)).isZero();
		assertThat(LockClientProbe.renewalCount(client)).isZero();
		assertThat(failing.holder("unreleased")).as("left to its lease").isNotNull();
		failing.advanceClock(Duration.ofSeconds(11));
		assertThat(failing.holder("unreleased")).isNull();
		assertThat(this.lostEvents).isEmpty();
	}

}
