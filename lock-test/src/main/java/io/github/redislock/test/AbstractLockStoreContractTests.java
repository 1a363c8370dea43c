// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.test;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import io.github.redislock.store.LockHolder;
import io.github.redislock.store.LockStore;
import io.github.redislock.store.LockStore.AcquireResult;
import io.github.redislock.store.LockStore.HandOff;
import io.github.redislock.store.LockStore.LeaseRenewal;
import io.github.redislock.store.LockStore.Queueing;
import io.github.redislock.store.LockStore.Reacquisition;
import io.github.redislock.store.LockStore.ReleaseListener;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The contract every {@link LockStore} keeps with the lock engine, as a JUnit Jupiter
 * suite: extend it, create your store in {@link #createStore()}, and each test proves one
 * promise of the SPI's javadoc, made exact where the engine relies on more: who may
 * release, renew and reacquire, how leases and queue places run out, who a release hands
 * the lock to, what subscribers are told, and which fencing tokens are issued. The Redis
 * store and {@link InMemoryLockStore} pass it.
 * <p>
 * Stores differ in how time passes for them (a server clock, or one a test moves) and in
 * when notifications arrive (always later, on a thread of the store); the tests only
 * assert what every store promises: a remaining lease within the lease asked for, a lease
 * or queue place gone once {@link #letPass its time passed}, and notifications that
 * arrive within seconds. Every test uses its own lock names and releases what it took,
 * and {@link #locksInUse()} must be empty after each one.
 * <p>
 * What the SPI leaves optional is tested only where the store offers it: queue places and
 * hand-offs when {@link LockStore#queuesWaiters()} says the store queues waiters,
 * {@link LockStore#reacquireAsync reacquisition} unless {@link #reacquires()} says the
 * store keeps the default, the recorded holder unless {@link #recordsHolders()} says the
 * store does not record it. A store that implements only the methods the SPI requires
 * passes the rest. <pre class="code">
 * class MyLockStoreContractTests extends AbstractLockStoreContractTests {
 *
 *     protected LockStore createStore() { return new MyLockStore(...); }
 *
 *     protected void letPass(Duration time) { ... wait for the store's clock ... }
 *
 *     protected Collection&lt;String&gt; locksInUse() { ... the store's keys or rows ... }
 *
 *     protected RecordedHolder recordedHolder(String name) { ... read the holder back ... }
 *
 * }</pre>
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
public abstract class AbstractLockStoreContractTests {

	private static final Duration LEASE = Duration.ofSeconds(10);

	private static final Duration LONGER_LEASE = Duration.ofSeconds(30);

	/**
	 * A lease or queue place that a test lets run out: long enough that the calls a test
	 * makes while it must still hold take less, even on a loaded machine.
	 */
	private static final Duration SHORT = Duration.ofMillis(500);

	/** Safely more than {@link #SHORT}, whatever the store's clock resolution. */
	private static final Duration PAST_SHORT = SHORT.plusMillis(50);

	private static final String A = "owner-a";

	private static final String B = "owner-b";

	private static final String C = "owner-c";

	private static final LockHolder HOLDER_A = new LockHolder("host-a", 11, "thread-a", "Service.a(String)");

	/** With what JSON must escape, and no method. */
	private static final LockHolder HOLDER_B = new LockHolder("host-b", 22, "worker \"b\"\\1\t", null);

	private LockStore store;

	private final List<AutoCloseable> subscriptions = new ArrayList<>();

	/**
	 * Create the store under test, empty as far as the tests' lock names go.
	 * @return a new store
	 */
	protected abstract LockStore createStore();

	/**
	 * Let at least this much time pass for the store, so that leases and queue places
	 * that were this short have run out.
	 * @param time how much time passes
	 */
	protected abstract void letPass(Duration time);

	/**
	 * Return what the store keeps of locks that are held or waited for, empty once every
	 * lock was released and every waiter left.
	 * @return a description of each lock still in use
	 */
	protected abstract Collection<String> locksInUse();

	/**
	 * Return who the store records as the holder of a lock; called only if
	 * {@link #recordsHolders()}.
	 * @param name the lock name
	 * @return the recorded holder, or {@code null} if none is recorded
	 */
	protected abstract @Nullable RecordedHolder recordedHolder(String name);

	/**
	 * Forget whatever a failed test left behind, so that the next test starts clean.
	 * @param store the store the test used
	 */
	protected void clean(LockStore store) {
	}

	/**
	 * Return whether the store records who holds a lock, as
	 * {@link LockStore#tryAcquire(String, String, Duration, Queueing, LockHolder)} asks;
	 * the tests of it are skipped for a store that keeps the default, which records
	 * nothing.
	 * @return whether the store records holders, {@code true} unless overridden
	 */
	protected boolean recordsHolders() {
		return true;
	}

	/**
	 * Return whether the store gives a lock to the next owner of the holder's process
	 * ({@link LockStore#reacquire}); the tests of it are skipped for a store that keeps
	 * the default, which cannot.
	 * @return whether the store reacquires, {@code true} unless overridden
	 */
	protected boolean reacquires() {
		return true;
	}

	@BeforeEach
	void createStoreUnderTest() {
		this.store = createStore();
	}

	@AfterEach
	void nothingIsLeftBehind() throws Exception {
		try {
			assertThat(locksInUse()).as("locks still in use").isEmpty();
		}
		finally {
			for (AutoCloseable subscription : this.subscriptions) {
				subscription.close();
			}
			clean(this.store);
			if (this.store instanceof AutoCloseable closeable) {
				closeable.close();
			}
		}
	}

	@Test
	void freeLockIsAcquiredAndThenBusyForOthersForTheHoldersRemainingLease() {
		assertThat(this.store.tryAcquire("acquired", A, LEASE).acquired()).isTrue();

		AcquireResult busy = this.store.tryAcquire("acquired", B, LEASE);

		assertThat(busy.acquired()).isFalse();
		assertThat(busy.remainingLeaseMillis()).isPositive().isLessThanOrEqualTo(LEASE.toMillis());
		assertThat(this.store.release("acquired", A)).isTrue();
	}

	@Test
	void holderAcquiringAgainKeepsTheLockWithAFreshLease() {
		assertThat(this.store.tryAcquire("again", A, LEASE).acquired()).isTrue();

		assertThat(this.store.tryAcquire("again", A, LONGER_LEASE).acquired()).isTrue();

		assertThat(this.store.tryAcquire("again", B, LEASE).remainingLeaseMillis()).isGreaterThan(LEASE.toMillis());
		assertThat(this.store.release("again", A)).isTrue();
	}

	@Test
	void releaseByTheHolderFreesTheLockForOthers() {
		assertThat(this.store.tryAcquire("released", A, LEASE).acquired()).isTrue();

		assertThat(this.store.release("released", A)).isTrue();

		assertThat(this.store.tryAcquire("released", B, LEASE).acquired()).isTrue();
		assertThat(this.store.release("released", B)).isTrue();
	}

	@Test
	void releaseByAnotherOwnerIsRefusedAndLeavesTheLockHeld() {
		assertThat(this.store.tryAcquire("owned", A, LEASE).acquired()).isTrue();

		assertThat(this.store.release("owned", B)).isFalse();

		assertThat(this.store.tryAcquire("owned", C, LEASE).acquired()).isFalse();
		assertThat(this.store.release("owned", A)).isTrue();
	}

	@Test
	void releaseOfALockNotHeldReleasesNothing() {
		assertThat(this.store.release("never-held", A)).isFalse();
		assertThat(this.store.tryAcquire("released-twice", A, LEASE).acquired()).isTrue();
		assertThat(this.store.release("released-twice", A)).isTrue();
		assertThat(this.store.tryAcquire("released-twice", B, LEASE).acquired()).isTrue();

		// The same release run again, as a client re-sends it after a reconnect, frees
		// nothing; whether it says the lock was A's depends on the store remembering.
		this.store.release("released-twice", A);
		assertThat(this.store.tryAcquire("released-twice", C, LEASE).acquired()).isFalse();
		assertThat(this.store.release("released-twice", B)).isTrue();
	}

	@Test
	void renewExtendsTheLeaseOfTheHolderOnly() {
		assertThat(this.store.tryAcquire("renewed", A, LEASE).acquired()).isTrue();

		assertThat(this.store.renew("renewed", B, LONGER_LEASE)).isFalse();
		assertThat(this.store.tryAcquire("renewed", C, LEASE).remainingLeaseMillis())
			.isLessThanOrEqualTo(LEASE.toMillis());
		assertThat(this.store.renew("renewed", A, LONGER_LEASE)).isTrue();

		assertThat(this.store.tryAcquire("renewed", C, LEASE).remainingLeaseMillis()).isGreaterThan(LEASE.toMillis());
		assertThat(this.store.renew("never-held", A, LEASE)).isFalse();
		assertThat(this.store.release("renewed", A)).isTrue();
	}

	@Test
	void renewAllAsyncAnswersForEachLeaseInOrderAndExtendsOnlyTheHolders() {
		assertThat(this.store.tryAcquire("async-batch-1", A, LEASE).acquired()).isTrue();
		assertThat(this.store.tryAcquire("async-batch-2", B, LEASE).acquired()).isTrue();

		List<CompletableFuture<Boolean>> replies = this.store.renewAllAsync(List.of(
				new LeaseRenewal("async-batch-1", A, LONGER_LEASE), new LeaseRenewal("async-batch-2", A, LONGER_LEASE),
				new LeaseRenewal("async-batch-3", A, LONGER_LEASE), new LeaseRenewal("async-batch-2", B, LONGER_LEASE)),
				Duration.ofSeconds(10));

		assertThat(replies).hasSize(4);
		assertThat(replies.stream().map(CompletableFuture::join)).containsExactly(true, false, false, true);
		assertThat(this.store.tryAcquire("async-batch-1", C, LEASE).remainingLeaseMillis())
			.isGreaterThan(LEASE.toMillis());
		assertThat(this.store.tryAcquire("async-batch-2", C, LEASE).remainingLeaseMillis())
			.isGreaterThan(LEASE.toMillis());
		assertThat(this.store.tryAcquire("async-batch-3", C, LEASE).acquired()).as("async-batch-3 is still free")
			.isTrue();
		assertThat(this.store.release("async-batch-1", A)).isTrue();
		assertThat(this.store.release("async-batch-2", B)).isTrue();
		assertThat(this.store.release("async-batch-3", C)).isTrue();
	}

	@Test
	void renewAllAnswersForEachLeaseInOrderAndExtendsOnlyTheHolders() {
		assertThat(this.store.tryAcquire("batch-1", A, LEASE).acquired()).isTrue();
		assertThat(this.store.tryAcquire("batch-2", B, LEASE).acquired()).isTrue();

		List<Boolean> renewed = this.store.renewAll(
				List.of(new LeaseRenewal("batch-1", A, LONGER_LEASE), new LeaseRenewal("batch-2", A, LONGER_LEASE),
						new LeaseRenewal("batch-3", A, LONGER_LEASE), new LeaseRenewal("batch-2", B, LONGER_LEASE)));

		assertThat(renewed).containsExactly(true, false, false, true);
		assertThat(this.store.tryAcquire("batch-1", C, LEASE).remainingLeaseMillis()).isGreaterThan(LEASE.toMillis());
		assertThat(this.store.tryAcquire("batch-2", C, LEASE).remainingLeaseMillis()).isGreaterThan(LEASE.toMillis());
		assertThat(this.store.tryAcquire("batch-3", C, LEASE).acquired()).as("batch-3 is still free").isTrue();
		assertThat(this.store.renewAll(List.of())).isEmpty();
		assertThat(this.store.release("batch-1", A)).isTrue();
		assertThat(this.store.release("batch-2", B)).isTrue();
		assertThat(this.store.release("batch-3", C)).isTrue();
	}

	@Test
	void renewAllOfOwnersSharingATokenPrefixWithLeasesOfSeveralLengthsExtendsEachAsAsked() {
		List<String> owners = List.of("client-1:1", "client-1:2", "client-2:1", "client-1:11");
		List<LeaseRenewal> renewals = new ArrayList<>();
		for (int i = 0; i < 12; i++) {
			String owner = owners.get(i % owners.size());
			assertThat(this.store.tryAcquire("mixed-" + i, owner, LEASE).acquired()).isTrue();
			// A wrong owner for every fifth, sharing the right one's prefix.
			String renewing = (i % 5 == 4) ? owner + "0" : owner;
			renewals.add(new LeaseRenewal("mixed-" + i, renewing, (i % 2 == 0) ? LONGER_LEASE : LEASE.plus(LEASE)));
		}

		List<Boolean> renewed = this.store.renewAll(renewals);

		for (int i = 0; i < 12; i++) {
			assertThat(renewed.get(i)).as("renewal %d", i).isEqualTo(i % 5 != 4);
			if (i % 5 == 4) {
				long remaining = this.store.tryAcquire("mixed-" + i, C, LEASE).remainingLeaseMillis();
				assertThat(remaining).as("lease %d", i).isLessThanOrEqualTo(LEASE.toMillis());
			}
			else {
				long remaining = remainingOnceLongerThan("mixed-" + i, LEASE.toMillis());
				assertThat(remaining).as("lease %d", i)
					.isGreaterThan(LEASE.toMillis())
					.isLessThanOrEqualTo(renewals.get(i).leaseTime().toMillis());
			}
			assertThat(this.store.release("mixed-" + i, owners.get(i % owners.size()))).isTrue();
		}
	}

	@Test
	void forceReleaseFreesTheLockWhoeverHoldsIt() {
		assertThat(this.store.tryAcquire("abandoned", A, LEASE).acquired()).isTrue();

		assertThat(this.store.forceRelease("abandoned")).isTrue();

		assertThat(this.store.forceRelease("abandoned")).as("nothing left to delete").isFalse();
		assertThat(this.store.release("abandoned", A)).isFalse();
		assertThat(this.store.tryAcquire("abandoned", B, LEASE).acquired()).isTrue();
		assertThat(this.store.release("abandoned", B)).isTrue();
	}

	@Test
	void leaseExpiryFreesTheLockForAnotherOwner() {
		assertThat(this.store.tryAcquire("expiring", A, SHORT).acquired()).isTrue();
		assertThat(this.store.tryAcquire("expiring", B, LEASE).acquired()).isFalse();

		letPass(PAST_SHORT);

		assertThat(this.store.tryAcquire("expiring", B, LEASE).acquired()).isTrue();
		assertThat(this.store.release("expiring", A)).as("the former holder's release").isFalse();
		assertThat(this.store.release("expiring", B)).isTrue();
	}

	@Test
	void holderWhoseLeaseRanOutCanNeitherRenewNorReacquireNorGetATokenNorRelease() {
		assertThat(this.store.tryAcquire("ran-out", A, SHORT).acquired()).isTrue();

		letPass(PAST_SHORT);

		assertThat(this.store.renew("ran-out", A, LEASE)).isFalse();
		assertThat(this.store.reacquire("ran-out", A, A, LEASE)).isNull();
		assertThat(this.store.issueFencingToken("ran-out", A, LEASE)).isZero();
		assertThat(this.store.renewAll(List.of(new LeaseRenewal("ran-out", A, LEASE)))).containsExactly(false);
		assertThat(this.store.release("ran-out", A)).isFalse();
		assertThat(this.store.tryAcquire("ran-out", B, LEASE).acquired()).as("still free for others").isTrue();
		assertThat(this.store.release("ran-out", B)).isTrue();
	}

	@Test
	void renewalBeforeTheLeaseRunsOutKeepsTheLockHeld() {
		assertThat(this.store.tryAcquire("kept", A, SHORT).acquired()).isTrue();
		assertThat(this.store.renew("kept", A, LEASE)).isTrue();

		letPass(PAST_SHORT);

		assertThat(this.store.tryAcquire("kept", B, LEASE).acquired()).isFalse();
		assertThat(this.store.release("kept", A)).isTrue();
	}

	@Test
	void fencingTokensGrowWithEveryTokenIssuedForTheName() {
		assertThat(this.store.tryAcquire("fenced", A, LEASE).acquired()).isTrue();
		long first = this.store.issueFencingToken("fenced", A, LEASE);
		long askedAgain = this.store.issueFencingToken("fenced", A, LEASE);
		assertThat(this.store.release("fenced", A)).isTrue();
		assertThat(this.store.tryAcquire("fenced", B, LEASE).acquired()).isTrue();
		long nextHolder = this.store.issueFencingToken("fenced", B, LEASE);
		assertThat(this.store.forceRelease("fenced")).isTrue();
		assertThat(this.store.tryAcquire("fenced", A, LEASE).acquired()).isTrue();
		long afterForceRelease = this.store.issueFencingToken("fenced", A, LEASE);
		assertThat(this.store.release("fenced", A)).isTrue();

		assertThat(first).isPositive();
		assertThat(List.of(first, askedAgain, nextHolder, afterForceRelease)).isSorted().doesNotHaveDuplicates();
	}

	@Test
	void fencingTokensRaisedAboveAResourcesTokenStayAboveItAndAreNeverLowered() {
		assertThat(this.store.tryAcquire("raised", A, LEASE).acquired()).isTrue();
		long issued = this.store.issueFencingToken("raised", A, LEASE);
		long resourceHolds = issued + 1_000_000_000L;
		boolean raised = this.store.raiseFencingTokensAbove("raised", resourceHolds);
		assertThat(this.store.release("raised", A)).isTrue();
		assumeTrue(raised, "the store cannot raise its fencing tokens (LockStore's default)");
		assertThat(this.store.raiseFencingTokensAbove("raised", resourceHolds - 1)).as("a smaller token").isFalse();
		assertThatIllegalArgumentException().as("a raise to where tokens could no longer grow")
			.isThrownBy(() -> this.store.raiseFencingTokensAbove("raised", LockStore.MAX_FENCING_TOKEN));

		assertThat(this.store.tryAcquire("raised", B, LEASE).acquired()).isTrue();
		assertThat(this.store.issueFencingToken("raised", B, LEASE)).isGreaterThan(resourceHolds);
		assertThat(this.store.release("raised", B)).isTrue();
	}

	@Test
	void ownerTokensContainingAHashAreRefusedNamingTheLockAndTheToken() {
		assertThatIllegalArgumentException().isThrownBy(() -> this.store.tryAcquire("hashed", A + "#1", LEASE))
			.withMessageContaining("'hashed'")
			.withMessageContaining("'" + A + "#1'");
		if (this.store.queuesWaiters()) {
			assertThatIllegalArgumentException()
				.isThrownBy(() -> this.store.tryAcquire("hashed", B + "#2", LEASE, queueing(1)))
				.withMessageContaining("'" + B + "#2'");
		}
		assertThat(this.store.tryAcquire("hashed", A, LEASE).acquired()).as("nothing was recorded").isTrue();
		if (reacquires()) {
			assertThatIllegalArgumentException().isThrownBy(() -> this.store.reacquire("hashed", A, C + "#3", LEASE))
				.withMessageContaining("'" + C + "#3'");
		}
		assertThat(this.store.release("hashed", A)).isTrue();
	}

	@Test
	void emptyOwnerTokensAndOwnerTokensWithASpaceAreRefused() {
		assertThatIllegalArgumentException().isThrownBy(() -> this.store.tryAcquire("spaced", "", LEASE))
			.withMessageContaining("'spaced'");
		assertThatIllegalArgumentException().isThrownBy(() -> this.store.tryAcquire("spaced", A + " x", LEASE))
			.withMessageContaining("'" + A + " x'");
		assertThat(this.store.tryAcquire("spaced", A, LEASE).acquired()).as("nothing was recorded").isTrue();
		assertThat(this.store.release("spaced", A)).isTrue();
	}

	@Test
	void fencingTokenIsOnlyIssuedToTheRecordedHolder() {
		assertThat(this.store.tryAcquire("fenced-holder", A, LEASE).acquired()).isTrue();

		assertThat(this.store.issueFencingToken("fenced-holder", B, LEASE)).isZero();
		assertThat(this.store.issueFencingToken("fenced-free", A, LEASE)).isZero();

		assertThat(this.store.issueFencingToken("fenced-holder", A, LEASE)).isPositive();
		assertThat(this.store.release("fenced-holder", A)).isTrue();
	}

	@Test
	void busyAcquisitionWithoutQueueingIsNotHandedTheLock() {
		assertThat(this.store.tryAcquire("unqueued", A, LEASE).acquired()).isTrue();
		assertThat(this.store.tryAcquire("unqueued", B, LEASE).acquired()).isFalse();
		if (reacquires()) {
			assertThat(reacquire("unqueued", A).othersWaiting()).isFalse();
		}

		assertThat(this.store.release("unqueued", A)).isTrue();

		assertThat(this.store.tryAcquire("unqueued", C, LEASE).acquired()).as("released, not handed over").isTrue();
		assertThat(this.store.release("unqueued", C)).isTrue();
	}

	@Test
	void asynchronousCallsKeepTheContractOfTheBlockingOnes() {
		assertThat(answer(this.store.tryAcquireAsync("async", A, LEASE, null, HOLDER_A)).acquired()).isTrue();
		AcquireResult busy = answer(this.store.tryAcquireAsync("async", B, LEASE, null, HOLDER_B));
		assertThat(busy.acquired()).isFalse();
		assertThat(busy.remainingLeaseMillis()).isPositive().isLessThanOrEqualTo(LEASE.toMillis());

		assertThat(answer(this.store.renewAsync("async", B, LEASE))).as("renewed by another owner").isFalse();
		assertThat(answer(this.store.renewAsync("async", A, LONGER_LEASE))).isTrue();
		assertThat(this.store.tryAcquire("async", C, LEASE).remainingLeaseMillis()).as("the renewed lease")
			.isGreaterThan(LEASE.toMillis());
		assertThat(answer(this.store.issueFencingTokenAsync("async", B, LEASE))).as("token for another owner").isZero();
		assertThat(answer(this.store.issueFencingTokenAsync("async", A, LEASE))).isPositive();
		assertThat(answer(this.store.releaseAsync("async", B))).as("released by another owner").isFalse();
		assertThat(answer(this.store.releaseAsync("async", A))).isTrue();

		assertThat(this.store.tryAcquire("async", B, LEASE).acquired()).isTrue();
		assertThat(answer(this.store.forceReleaseAsync("async"))).isTrue();
		assertThat(answer(this.store.forceReleaseAsync("async"))).as("nothing left to delete").isFalse();
		assertThat(this.store.tryAcquire("async", C, LEASE).acquired()).isTrue();
		assertThat(this.store.release("async", C)).isTrue();
	}

	@Test
	void asynchronousPassesAndRaisesKeepTheContractOfTheBlockingOnes() {
		assertThat(this.store.tryAcquire("async-passed", A, LEASE).acquired()).isTrue();
		if (reacquires()) {
			assertThat(answer(this.store.reacquireAsync("async-passed", B, C, LEASE))).as("a pass by another owner")
				.isNull();
			assertThat(answer(this.store.reacquireAsync("async-passed", A, B, LONGER_LEASE))).isNotNull();
			// Answered as done or not, as the store remembers passes: B keeps the lock.
			this.store.release("async-passed", A);
			assertThat(this.store.tryAcquire("async-passed", C, LEASE).remainingLeaseMillis()).as("the new lease")
				.isGreaterThan(LEASE.toMillis());
			assertThat(this.store.release("async-passed", B)).isTrue();
		}
		else {
			assertThat(this.store.release("async-passed", A)).isTrue();
		}
		assertThat(this.store.tryAcquire("async-raised", A, LEASE).acquired()).isTrue();
		long token = this.store.issueFencingToken("async-raised", A, LEASE);
		assertThat(token).isPositive();
		boolean raised = answer(this.store.raiseFencingTokensAboveAsync("async-raised", token + 1000));
		assertThat(this.store.release("async-raised", A)).isTrue();
		assertThat(this.store.tryAcquire("async-raised", B, LEASE).acquired()).isTrue();
		long next = this.store.issueFencingToken("async-raised", B, LEASE);
		assertThat(next).as("the next token, raised: %s", raised).isGreaterThan(raised ? token + 1000 : token);
		assertThat(this.store.release("async-raised", B)).isTrue();
	}

	@Test
	void asynchronousQueueingAcquisitionIsHandedTheLockByAnAsynchronousRelease() throws Exception {
		assumeQueueing();
		Notifications notifications = subscribe("async-handed");
		assertThat(answer(this.store.tryAcquireAsync("async-handed", A, LONGER_LEASE, null, HOLDER_A)).acquired())
			.isTrue();
		AcquireResult queued = answer(this.store.tryAcquireAsync("async-handed", B, LONGER_LEASE,
				new Queueing(LEASE, LEASE, 9, false), HOLDER_B));
		assertThat(queued.acquired()).isFalse();

		assertThat(answer(this.store.releaseAsync("async-handed", A))).isTrue();

		HandOff handOff = handedTo(notifications.next(), B, 9);
		assertThat(this.store.tryAcquire("async-handed", C, LEASE).acquired()).as("handed to B").isFalse();
		assertThat(answer(this.store.releaseAsync("async-handed", handOff.grantedToken()))).isTrue();
	}

	@Test
	void queueingAcquisitionOfAFreeLockTakesIt() {
		assertThat(this.store.tryAcquire("free", A, LEASE, queueing(1)).acquired()).isTrue();

		assertThat(this.store.tryAcquire("free", B, LEASE).acquired()).isFalse();
		assertThat(this.store.release("free", A)).isTrue();
		assertThat(this.store.tryAcquire("free", B, LEASE).acquired()).as("A left no place to hand it to").isTrue();
		assertThat(this.store.release("free", B)).isTrue();
	}

	@Test
	void releaseHandsTheLockToTheQueuedWaiterWithItsHandOffLeaseAndTellsSubscribers() throws Exception {
		assumeQueueing();
		Notifications notifications = subscribe("handed");
		assertThat(this.store.tryAcquire("handed", A, LONGER_LEASE).acquired()).isTrue();
		AcquireResult queued = this.store.tryAcquire("handed", B, LONGER_LEASE, new Queueing(LEASE, LEASE, 7, false));
		assertThat(queued.acquired()).isFalse();

		assertThat(this.store.release("handed", A)).isTrue();

		HandOff handOff = handedTo(notifications.next(), B, 7);
		AcquireResult latecomer = this.store.tryAcquire("handed", C, LEASE);
		assertThat(latecomer.acquired()).as("a latecomer cannot take a lock handed over").isFalse();
		assertThat(latecomer.remainingLeaseMillis()).as("the hand-off lease, not the lease B asked for")
			.isPositive()
			.isLessThanOrEqualTo(LEASE.toMillis());
		assertThat(this.store.issueFencingToken("handed", handOff.grantedToken(), LEASE)).as("B is the recorded holder")
			.isPositive();
		assertThat(this.store.release("handed", handOff.grantedToken())).isTrue();
	}

	@Test
	void handOffsFollowTheOrderWaitersQueuedIn() throws Exception {
		assumeQueueing();
		Notifications notifications = subscribe("fifo");
		assertThat(this.store.tryAcquire("fifo", A, LEASE).acquired()).isTrue();
		List<String> waiters = List.of("first", "second", "third", "fourth");
		for (int i = 0; i < waiters.size(); i++) {
			assertThat(this.store.tryAcquire("fifo", waiters.get(i), LEASE, queueing(i + 1)).acquired()).isFalse();
		}

		String holder = A;
		for (int i = 0; i < waiters.size(); i++) {
			assertThat(this.store.release("fifo", holder)).isTrue();
			holder = handedTo(notifications.next(), waiters.get(i), i + 1).grantedToken();
			assertThat(this.store.renew("fifo", holder, LEASE)).as("%s holds the lock", holder).isTrue();
		}

		assertThat(this.store.release("fifo", holder)).isTrue();
		assertThat(this.store.tryAcquire("fifo", C, LEASE).acquired()).as("free once the queue is served").isTrue();
		assertThat(this.store.release("fifo", C)).isTrue();
	}

	@Test
	void waiterQueuingAgainKeepsItsPlaceAndIsHandedTheLockForItsLatestAttempt() throws Exception {
		assumeQueueing();
		Notifications notifications = subscribe("requeued");
		assertThat(this.store.tryAcquire("requeued", A, LEASE).acquired()).isTrue();
		assertThat(this.store.tryAcquire("requeued", B, LEASE, queueing(1)).acquired()).isFalse();
		assertThat(this.store.tryAcquire("requeued", C, LEASE, queueing(2)).acquired()).isFalse();

		assertThat(this.store.tryAcquire("requeued", B, LEASE, new Queueing(LEASE, LEASE, 3, true)).acquired())
			.isFalse();

		assertThat(this.store.release("requeued", A)).isTrue();
		assertThat(this.store.release("requeued", handedTo(notifications.next(), B, 3).grantedToken())).isTrue();
		assertThat(this.store.release("requeued", handedTo(notifications.next(), C, 2).grantedToken())).isTrue();
	}

	@Test
	void queuePlacesThatRanOutAreSkipped() throws Exception {
		assumeQueueing();
		Notifications notifications = subscribe("skipped");
		assertThat(this.store.tryAcquire("skipped", A, LEASE).acquired()).isTrue();
		assertThat(this.store.tryAcquire("skipped", B, LEASE, new Queueing(SHORT, LEASE, 1, false)).acquired())
			.isFalse();
		assertThat(this.store.tryAcquire("skipped", C, LEASE, queueing(2)).acquired()).isFalse();

		letPass(PAST_SHORT);

		assertThat(this.store.release("skipped", A)).isTrue();
		HandOff handOff = handedTo(notifications.next(), C, 2);
		assertThat(handOff.ownerToken()).as("the waiter who came first stopped asking").isEqualTo(C);
		assertThat(this.store.release("skipped", handOff.grantedToken())).isTrue();
		assertThat(this.store.tryAcquire("skipped", A, LEASE).acquired()).as("not handed to B's stale place").isTrue();
		assertThat(this.store.release("skipped", A)).isTrue();
	}

	@Test
	void waiterThatLeavesTheQueueIsNotHandedTheLock() {
		assumeQueueing();
		assertThat(this.store.tryAcquire("left", A, LEASE).acquired()).isTrue();
		assertThat(this.store.tryAcquire("left", B, LEASE, queueing(1)).acquired()).isFalse();

		assertThat(this.store.release("left", B)).as("leaving the queue releases no lock").isFalse();

		assertThat(reacquire("left", A).othersWaiting()).isFalse();
		assertThat(this.store.release("left", A)).isTrue();
		assertThat(this.store.tryAcquire("left", C, LEASE).acquired()).as("released, not handed over").isTrue();
		assertThat(this.store.release("left", C)).isTrue();
	}

	@Test
	void waiterHandedTheLockAfterItGaveUpPassesItOnByReleasing() throws Exception {
		assumeQueueing();
		Notifications notifications = subscribe("passed-on");
		assertThat(this.store.tryAcquire("passed-on", A, LEASE).acquired()).isTrue();
		assertThat(this.store.tryAcquire("passed-on", B, LEASE, queueing(1)).acquired()).isFalse();
		assertThat(this.store.tryAcquire("passed-on", C, LEASE, queueing(2)).acquired()).isFalse();
		assertThat(this.store.release("passed-on", A)).isTrue();
		handedTo(notifications.next(), B, 1);

		assertThat(this.store.release("passed-on", B)).isTrue();

		handedTo(notifications.next(), C, 2);
		assertThat(this.store.release("passed-on", C)).isTrue();
	}

	@Test
	void handOffLeaseRunsOutLikeAnyLease() throws Exception {
		assumeQueueing();
		Notifications notifications = subscribe("short-hand-off");
		assertThat(this.store.tryAcquire("short-hand-off", A, LEASE).acquired()).isTrue();
		assertThat(this.store.tryAcquire("short-hand-off", B, LEASE, new Queueing(LEASE, SHORT, 1, false)).acquired())
			.isFalse();
		assertThat(this.store.release("short-hand-off", A)).isTrue();
		handedTo(notifications.next(), B, 1);

		letPass(PAST_SHORT);

		assertThat(this.store.tryAcquire("short-hand-off", C, LEASE).acquired()).isTrue();
		assertThat(this.store.release("short-hand-off", B)).isFalse();
		assertThat(this.store.release("short-hand-off", C)).isTrue();
	}

	@Test
	void acquisitionAfterQueueingClearsTheCallersOwnPlace() {
		assumeQueueing();
		assertThat(this.store.tryAcquire("cleared", A, SHORT).acquired()).isTrue();
		assertThat(this.store.tryAcquire("cleared", B, LEASE, queueing(1)).acquired()).isFalse();
		letPass(PAST_SHORT);

		AcquireResult taken = this.store.tryAcquire("cleared", B, LEASE, new Queueing(LEASE, LEASE, 2, true));
		assertThat(taken.acquired()).isTrue();

		assertThat(reacquire("cleared", taken.heldAs(B)).othersWaiting()).as("B no longer waits for its own lock")
			.isFalse();
		assertThat(this.store.release("cleared", taken.heldAs(B))).isTrue();
	}

	@Test
	void reacquireGivesTheHolderAFreshLeaseAndTellsWhetherOthersWait() {
		assumeReacquiring();
		assertThat(this.store.tryAcquire("reacquired", A, LEASE).acquired()).isTrue();

		assertThat(reacquire("reacquired", A, LONGER_LEASE).othersWaiting()).isFalse();
		assertThat(this.store.tryAcquire("reacquired", B, LEASE, queueing(1)).remainingLeaseMillis())
			.isGreaterThan(LEASE.toMillis());
		assertThat(reacquire("reacquired", A, LEASE).othersWaiting()).isTrue();
		assertThat(this.store.release("reacquired", B)).isFalse();
		assertThat(reacquire("reacquired", A, LEASE).othersWaiting()).as("B left").isFalse();

		assertThat(this.store.release("reacquired", A)).isTrue();
	}

	@Test
	void reacquireUnderTheNextOwnersTokenLeavesThePreviousTokenNothingToReleaseOrRenew() {
		assumeReacquiring();
		assertThat(this.store.tryAcquire("passed-on", A, LEASE).acquired()).isTrue();
		assertThat(this.store.reacquire("passed-on", A, B, LONGER_LEASE)).isNotNull();
		assertThat(this.store.reacquire("passed-on", A, B, LONGER_LEASE)).as("the same call sent again").isNotNull();
		assertThat(this.store.reacquire("passed-on", A, C, LONGER_LEASE)).as("a pass to another owner").isNull();
		// A late release of the previous hold, answered as done or not as the store
		// remembers passes, leaves the lock to B.
		this.store.release("passed-on", A);
		assertThat(this.store.renew("passed-on", A, LEASE)).as("a late renewal of the previous hold").isFalse();
		assertThat(this.store.tryAcquire("passed-on", C, LEASE).acquired()).as("still held by B").isFalse();
		assertThat(this.store.renew("passed-on", B, LEASE)).isTrue();
		assertThat(this.store.release("passed-on", B)).isTrue();
		assertThat(this.store.tryAcquire("passed-on", C, LEASE).acquired()).isTrue();
		assertThat(this.store.release("passed-on", C)).isTrue();
	}

	@Test
	void reacquireByAnotherOwnerIsRefusedAndLeavesTheLeaseAsItWas() {
		assertThat(this.store.tryAcquire("not-reacquired", A, LEASE).acquired()).isTrue();

		assertThat(this.store.reacquire("not-reacquired", B, B, LONGER_LEASE)).isNull();
		assertThat(this.store.reacquire("never-held", A, A, LEASE)).isNull();

		assertThat(this.store.tryAcquire("not-reacquired", C, LEASE).remainingLeaseMillis())
			.isLessThanOrEqualTo(LEASE.toMillis());
		assertThat(this.store.release("not-reacquired", A)).isTrue();
	}

	@Test
	void subscriberIsToldOnceItsSubscriptionIsInPlaceOnAThreadOfTheStore() throws Exception {
		Notifications notifications = new Notifications();

		this.subscriptions.add(this.store.subscribe("subscribed", notifications));

		Notification inPlace = notifications.nextNotification();
		assertThat(inPlace.handOff()).isNull();
		assertThat(inPlace.thread()).isNotSameAs(Thread.currentThread());
	}

	@Test
	void handOffIsToldOnAThreadOfTheStoreNotOnTheReleasingOne() throws Exception {
		assumeQueueing();
		Notifications notifications = subscribe("told-elsewhere");
		assertThat(this.store.tryAcquire("told-elsewhere", A, LEASE).acquired()).isTrue();
		assertThat(this.store.tryAcquire("told-elsewhere", B, LEASE, queueing(1)).acquired()).isFalse();

		assertThat(this.store.release("told-elsewhere", A)).isTrue();

		Notification handOff = notifications.nextNotification();
		handedTo(handOff.handOff(), B, 1);
		assertThat(handOff.thread()).isNotSameAs(Thread.currentThread());
		assertThat(this.store.release("told-elsewhere", B)).isTrue();
	}

	@Test
	void everySubscriberOfTheLockIsToldOfAHandOff() throws Exception {
		assumeQueueing();
		Notifications first = subscribe("told-all");
		Notifications second = subscribe("told-all");
		assertThat(this.store.tryAcquire("told-all", A, LEASE).acquired()).isTrue();
		assertThat(this.store.tryAcquire("told-all", B, LEASE, queueing(1)).acquired()).isFalse();

		assertThat(this.store.release("told-all", A)).isTrue();

		handedTo(first.next(), B, 1);
		handedTo(second.next(), B, 1);
		assertThat(this.store.release("told-all", B)).isTrue();
	}

	@Test
	void releaseThatFindsOnlyPlacesThatRanOutFreesTheLockAndTellsSubscribers() throws Exception {
		assumeQueueing();
		Notifications notifications = subscribe("stale-waiters");
		assertThat(this.store.tryAcquire("stale-waiters", A, LEASE).acquired()).isTrue();
		assertThat(this.store.tryAcquire("stale-waiters", B, LEASE, queueing(1)).acquired()).isFalse();
		assertThat(this.store.tryAcquire("stale-waiters", C, LEASE, new Queueing(SHORT, LEASE, 2, false)).acquired())
			.isFalse();
		assertThat(this.store.release("stale-waiters", B)).isFalse();
		letPass(PAST_SHORT);

		assertThat(this.store.release("stale-waiters", A)).isTrue();

		assertThat(notifications.nextNotification().handOff()).as("told the lock is free, so C would try at once")
			.isNull();
		assertThat(this.store.tryAcquire("stale-waiters", B, LEASE).acquired()).isTrue();
		assertThat(this.store.release("stale-waiters", B)).isTrue();
	}

	@Test
	void forceReleaseTellsSubscribersTheLockIsFree() throws Exception {
		Notifications notifications = subscribe("forced");
		assertThat(this.store.tryAcquire("forced", A, LEASE).acquired()).isTrue();

		assertThat(this.store.forceRelease("forced")).isTrue();

		assertThat(notifications.nextNotification().handOff()).isNull();
	}

	@Test
	void closedSubscriptionIsToldNothingMore() throws Exception {
		assumeQueueing();
		Notifications closed = new Notifications();
		AutoCloseable subscription = this.store.subscribe("unsubscribed", closed);
		this.subscriptions.add(subscription);
		assertThat(closed.nextNotification().handOff()).isNull();
		Notifications open = subscribe("unsubscribed");

		subscription.close();

		assertThat(this.store.tryAcquire("unsubscribed", A, LEASE).acquired()).isTrue();
		assertThat(this.store.tryAcquire("unsubscribed", B, LEASE, queueing(1)).acquired()).isFalse();
		assertThat(this.store.release("unsubscribed", A)).isTrue();
		handedTo(open.next(), B, 1);
		assertThat(this.store.forceRelease("unsubscribed")).isTrue();
		// Told in order: once the open subscription heard the second, both were told.
		assertThat(open.nextNotification().handOff()).isNull();
		assertThat(closed.received).isEmpty();
	}

	@Test
	void subscribersAreToldOnlyOfTheirOwnLock() throws Exception {
		assumeQueueing();
		Notifications ofX = subscribe("lock-x");
		Notifications ofY = subscribe("lock-y");
		for (String name : List.of("lock-x", "lock-y")) {
			assertThat(this.store.tryAcquire(name, A, LEASE).acquired()).isTrue();
		}
		assertThat(this.store.tryAcquire("lock-x", B, LEASE, queueing(1)).acquired()).isFalse();
		assertThat(this.store.tryAcquire("lock-y", B, LEASE, queueing(2)).acquired()).isFalse();

		assertThat(this.store.release("lock-x", A)).isTrue();
		handedTo(ofX.next(), B, 1);
		assertThat(this.store.release("lock-y", A)).isTrue();
		handedTo(ofY.next(), B, 2);

		assertThat(ofX.received).isEmpty();
		assertThat(ofY.received).isEmpty();
		assertThat(this.store.release("lock-x", B)).isTrue();
		assertThat(this.store.release("lock-y", B)).isTrue();
	}

	@Test
	void holderIsRecordedWithTheLockWhileItIsHeldAndGoneOnceReleased() {
		assumeRecordingHolders();
		Instant before = Instant.now().truncatedTo(ChronoUnit.MILLIS);
		assertThat(this.store.tryAcquire("recorded", A, LEASE, null, HOLDER_A).acquired()).isTrue();
		Instant after = Instant.now();

		RecordedHolder recorded = this.recordedHolder("recorded");
		assertThat(recorded).isNotNull();
		assertThat(recorded.ownerToken()).isEqualTo(A);
		assertThat(recorded.holder()).isEqualTo(HOLDER_A);
		assertThat(recorded.acquiredAt()).isBetween(before, after);

		assertThat(this.store.tryAcquire("recorded", B, LEASE, queueing(1), HOLDER_B).acquired()).isFalse();
		assertThat(this.store.release("recorded", B)).isFalse();
		assertThat(this.recordedHolder("recorded")).as("kept by a busy attempt and a refused release")
			.isEqualTo(recorded);
		assertThat(this.store.release("recorded", A)).isTrue();
		assertThat(this.recordedHolder("recorded")).isNull();
	}

	@Test
	void holderIsRecordedAlsoWhenAnAttemptThatQueuesFindsTheLockFreeOrAlreadyItsOwn() {
		assumeRecordingHolders();
		assertThat(this.store.tryAcquire("recorded-queued", A, LEASE, queueing(1), HOLDER_A).acquired()).isTrue();
		assertThat(this.recordedHolder("recorded-queued")).isNotNull()
			.satisfies((recorded) -> assertThat(recorded.holder()).isEqualTo(HOLDER_A));
		LockHolder again = new LockHolder("host-a", 11, "thread-a2", null);

		assertThat(this.store.tryAcquire("recorded-queued", A, LEASE, queueing(2), again).acquired()).isTrue();

		assertThat(this.recordedHolder("recorded-queued")).isNotNull()
			.satisfies((recorded) -> assertThat(recorded.holder()).isEqualTo(again));
		assertThat(this.store.release("recorded-queued", A)).isTrue();
		assertThat(this.recordedHolder("recorded-queued")).isNull();
	}

	@Test
	void handOffRecordsTheWaiterAsTheHolderAtTheTimeOfTheHandOff() {
		assumeRecordingHolders();
		assumeQueueing();
		assertThat(this.store.tryAcquire("recorded-handed", A, LEASE, null, HOLDER_A).acquired()).isTrue();
		assertThat(this.store.tryAcquire("recorded-handed", B, LEASE, queueing(1), HOLDER_B).acquired()).isFalse();
		Instant before = Instant.now().truncatedTo(ChronoUnit.MILLIS);

		assertThat(this.store.release("recorded-handed", A)).isTrue();

		RecordedHolder recorded = this.recordedHolder("recorded-handed");
		assertThat(recorded).isNotNull();
		assertThat(recorded.ownerToken()).as("granted to B").startsWith(B);
		assertThat(recorded.holder()).isEqualTo(HOLDER_B);
		assertThat(recorded.acquiredAt()).isBetween(before, Instant.now());
		assertThat(this.store.release("recorded-handed", B)).isTrue();
		assertThat(this.recordedHolder("recorded-handed")).isNull();
	}

	@Test
	void recordedHolderRunsOutWithTheLease() {
		assumeRecordingHolders();
		assertThat(this.store.tryAcquire("recorded-expiring", A, SHORT, null, HOLDER_A).acquired()).isTrue();
		assertThat(this.recordedHolder("recorded-expiring")).isNotNull();

		letPass(PAST_SHORT);

		assertThat(this.recordedHolder("recorded-expiring")).isNull();
	}

	@Test
	void renewalsKeepTheRecordedHolderAsLongAsTheLease() {
		assumeRecordingHolders();
		assertThat(this.store.tryAcquire("recorded-renewed", A, SHORT, null, HOLDER_A).acquired()).isTrue();
		RecordedHolder recorded = this.recordedHolder("recorded-renewed");
		assertThat(recorded).isNotNull();

		assertThat(this.store.renew("recorded-renewed", A, LEASE)).isTrue();
		letPass(PAST_SHORT);
		assertThat(this.recordedHolder("recorded-renewed")).as("after renew").isEqualTo(recorded);
		assertThat(this.store.renewAll(List.of(new LeaseRenewal("recorded-renewed", A, LEASE)))).containsExactly(true);
		if (reacquires()) {
			assertThat(this.store.reacquire("recorded-renewed", A, A, LEASE)).isNotNull();
		}
		assertThat(this.store.issueFencingToken("recorded-renewed", A, LEASE)).isPositive();

		assertThat(this.recordedHolder("recorded-renewed")).as("after renewAll, reacquire and a fencing token")
			.isEqualTo(recorded);
		assertThat(this.store.release("recorded-renewed", A)).isTrue();
	}

	/**
	 * Skip a test of queue places and hand-offs on a store that does not queue waiters,
	 * as {@link LockStore#queuesWaiters()} says.
	 */
	private void assumeQueueing() {
		assumeTrue(this.store.queuesWaiters(), "the store queues no waiters");
	}

	private void assumeRecordingHolders() {
		assumeTrue(recordsHolders(), "the store records no holders");
	}

	private void assumeReacquiring() {
		assumeTrue(reacquires(), "the store does not reacquire");
	}

	/**
	 * Queue for as long as a test runs, with a hand-off lease of {@link #LEASE}.
	 */
	/**
	 * The lease a latecomer finds, read until it is longer than {@code millis} or a few
	 * seconds passed: a store that answers once a majority of its nodes did (Redlock)
	 * reports the shortest lease left on any node, and its last node may renew after the
	 * answer.
	 */
	private long remainingOnceLongerThan(String name, long millis) {
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
		long remaining = this.store.tryAcquire(name, C, LEASE).remainingLeaseMillis();
		while (remaining <= millis && System.nanoTime() < deadline) {
			LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(10));
			remaining = this.store.tryAcquire(name, C, LEASE).remainingLeaseMillis();
		}
		return remaining;
	}

	/** A call that never answers fails the test instead of hanging it. */
	private static <T> T answer(CompletionStage<T> call) {
		try {
			return call.toCompletableFuture().get(10, TimeUnit.SECONDS);
		}
		catch (Exception ex) {
			throw new AssertionError("The store's asynchronous call failed or did not answer", ex);
		}
	}

	/**
	 * A hand-off to the waiter queued under the token with the ticket: the lock recorded
	 * under its granted token, which is the waiter's or begins with it.
	 */
	private static HandOff handedTo(@Nullable HandOff handOff, String ownerToken, long ticket) {
		assertThat(handOff).as("a hand-off").isNotNull();
		assertThat(handOff.ownerToken()).as("handed to").isEqualTo(ownerToken);
		assertThat(handOff.ticket()).as("ticket of the hand-off").isEqualTo(ticket);
		assertThat(handOff.grantedToken()).as("granted token").startsWith(ownerToken);
		return handOff;
	}

	private static Queueing queueing(long ticket) {
		return new Queueing(LEASE, LEASE, ticket, false);
	}

	private Reacquisition reacquire(String name, String ownerToken) {
		return reacquire(name, ownerToken, LEASE);
	}

	private Reacquisition reacquire(String name, String ownerToken, Duration leaseTime) {
		Reacquisition reacquisition = this.store.reacquire(name, ownerToken, ownerToken, leaseTime);
		assertThat(reacquisition).as("reacquisition of '%s' by %s", name, ownerToken).isNotNull();
		return reacquisition;
	}

	/**
	 * Subscribe, and wait until the subscription is in place, so that every release from
	 * now on is told.
	 */
	private Notifications subscribe(String name) throws InterruptedException {
		Notifications notifications = new Notifications();
		this.subscriptions.add(this.store.subscribe(name, notifications));
		assertThat(notifications.nextNotification().handOff()).as("first notification of '%s'", name).isNull();
		return notifications;
	}

	/**
	 * What a subscriber was told, and on which thread.
	 */
	private record Notification(@Nullable HandOff handOff, Thread thread) {

	}

	/**
	 * Records what a subscriber is told.
	 */
	private static final class Notifications implements ReleaseListener {

		private final BlockingQueue<Notification> received = new LinkedBlockingQueue<>();

		@Override
		public void released(@Nullable HandOff handOff) {
			this.received.add(new Notification(handOff, Thread.currentThread()));
		}

		Notification nextNotification() throws InterruptedException {
			Notification next = this.received.poll(10, TimeUnit.SECONDS);
			assertThat(next).as("a notification within 10 s").isNotNull();
			return next;
		}

		@Nullable HandOff next() throws InterruptedException {
			return nextNotification().handOff();
		}

	}

}
