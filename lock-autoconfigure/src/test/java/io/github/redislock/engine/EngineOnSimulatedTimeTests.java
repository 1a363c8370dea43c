// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.engine;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;

import io.github.redislock.core.LockBackoff;
import io.github.redislock.core.LockDefinition;
import io.github.redislock.core.LockLease;
import io.github.redislock.core.LockLostEvent;
import io.github.redislock.store.LockHolder;
import io.github.redislock.store.LockStore;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The engine takes its time, timers and threads from one injectable source, so that a
 * test can run several clients on one thread and move time itself: waits end, leases are
 * renewed and lost, and releases wake waiters exactly when simulated time says, with no
 * thread of the engine's own and no real waiting.
 *
 * @author redis-lock contributors
 */
class EngineOnSimulatedTimeTests {

	private static final Duration LEASE = Duration.ofSeconds(9);

	/** So slow that a waiter that gets the lock sooner was woken by the release. */
	private static final LockBackoff SLOW_BACKOFF = new LockBackoff(Duration.ofSeconds(20), 1.0, Duration.ofSeconds(20),
			0.0);

	private final ManualRuntime runtime = new ManualRuntime();

	private final SimulatedStore store = new SimulatedStore(this.runtime);

	private final List<LockLostEvent> lost = new ArrayList<>();

	private final List<DefaultLockClient> clients = new ArrayList<>();

	private final Set<String> threadsBefore = engineThreads();

	@AfterEach
	void closeClientsAndCheckNothingRanElsewhere() {
		this.clients.forEach(DefaultLockClient::close);
		this.runtime.runUntilIdle();
		assertThat(this.runtime.foreignCalls()).as("tasks handed over from other threads").isZero();
		assertThat(this.store.foreignCalls).as("store calls from other threads").isZero();
		assertThat(engineThreads()).as("threads the engine started").isEqualTo(this.threadsBefore);
	}

	@Test
	void aWaiterGivesUpAtItsDeadlineOnSimulatedTime() {
		DefaultLockClient holder = client(SLOW_BACKOFF);
		DefaultLockClient waiter = client(SLOW_BACKOFF);
		LockLease held = acquire(holder, LockDefinition.of("job", LEASE, Duration.ZERO)).orElseThrow();

		CompletableFuture<Optional<LockLease>> waiting = startWaiting(waiter, Duration.ofSeconds(3));
		this.runtime.advance(Duration.ofMillis(2_999));
		assertThat(waiting).isNotDone();
		this.runtime.advance(Duration.ofMillis(2));

		assertThat(waiting).isCompletedWithValue(Optional.empty());
		assertThat(held.isHeld()).isTrue();
		release(held);
	}

	@Test
	void aReleaseWakesAWaiterWithoutTimePassing() {
		DefaultLockClient holder = client(SLOW_BACKOFF);
		DefaultLockClient waiter = client(SLOW_BACKOFF);
		LockLease held = acquire(holder, LockDefinition.of("job", LEASE, Duration.ZERO)).orElseThrow();
		CompletableFuture<Optional<LockLease>> waiting = startWaiting(waiter, Duration.ofMinutes(1));
		this.runtime.advance(Duration.ofSeconds(1));
		assertThat(waiting).isNotDone();

		release(held);

		assertThat(waiting).isCompleted();
		LockLease taken = waiting.join().orElseThrow();
		assertThat(this.store.ownerOf("job")).isNotNull();
		release(taken);
		assertThat(this.store.ownerOf("job")).isNull();
	}

	@Test
	void aHeldLeaseIsRenewedAsSimulatedTimePassesAndLostWhenTheStoreForgetsIt() {
		DefaultLockClient holder = client(SLOW_BACKOFF);
		LockLease held = acquire(holder, LockDefinition.of("job", LEASE, Duration.ZERO)).orElseThrow();

		this.runtime.advance(Duration.ofSeconds(60));
		assertThat(held.isHeld()).isTrue();
		assertThat(this.store.renewals).as("renewals in 60 s of a 9 s lease").isGreaterThanOrEqualTo(6);
		assertThat(this.store.remainingNanos("job")).isGreaterThan(0);

		this.store.forget("job");
		this.runtime.advance(LEASE);

		assertThat(held.isHeld()).isFalse();
		assertThat(this.lost).extracting(LockLostEvent::lockName).containsExactly("job");
	}

	@Test
	void aGrantAnsweredAfterItsLeaseRanOutIsGivenBackNotHandedToTheCaller() {
		DefaultLockClient client = client(SLOW_BACKOFF);
		this.store.lateAnswers = 1;

		Optional<LockLease> taken = acquire(client, LockDefinition.of("job", LEASE, Duration.ZERO));

		assertThat(taken).isEmpty();
		assertThat(this.store.ownerOf("job")).as("owner after the late grant").isNull();
	}

	@Test
	void aWaiterWhoseGrantCameTooLateWaitsOnAndGetsALeaseItCanCountOn() {
		DefaultLockClient client = client(SLOW_BACKOFF);
		this.store.lateAnswers = 1;

		CompletableFuture<Optional<LockLease>> acquiring = client
			.tryAcquireAsync(LockDefinition.of("job", LEASE, Duration.ofMinutes(1)))
			.toCompletableFuture();
		this.runtime.runUntilIdle();
		this.runtime.advance(Duration.ofSeconds(21));

		LockLease lease = acquiring.join().orElseThrow();
		assertThat(lease.isHeld()).isTrue();
		assertThat(this.store.acquisitions).isEqualTo(2);
		assertThat(this.store.ownerOf("job")).isNotNull();
		release(lease);
		assertThat(this.store.ownerOf("job")).isNull();
	}

	@Test
	void aThreadWhoseGrantCameTooLateIsToldTheLockWasNotAcquired() throws InterruptedException {
		DefaultLockClient client = client(SLOW_BACKOFF);
		this.store.lateAnswers = 1;

		boolean locked = client.getLock("job").tryLock(Duration.ZERO, LEASE, false);

		assertThat(locked).isFalse();
		assertThat(client.getLock("job").isHeldByCurrentThread()).isFalse();
		assertThat(this.store.ownerOf("job")).as("owner after the late grant").isNull();
	}

	@Test
	void aGrantAnsweredWithUnderAMillisecondOfItsLeaseLeftIsGivenBackNotHandedToTheCaller() {
		DefaultLockClient client = client(SLOW_BACKOFF);
		this.store.lateAnswers = 1;
		this.store.leftOnLateAnswer = Duration.ofNanos(999_999);

		Optional<LockLease> taken = acquire(client, LockDefinition.of("job", LEASE, Duration.ZERO));

		assertThat(taken).isEmpty();
		assertThat(this.store.ownerOf("job")).as("owner after the grant answered too late").isNull();
	}

	@Test
	void aThreadWhoseGrantCameWithUnderAMillisecondOfItsLeaseLeftIsToldTheLockWasNotAcquired()
			throws InterruptedException {
		DefaultLockClient client = client(SLOW_BACKOFF);
		this.store.lateAnswers = 1;
		this.store.leftOnLateAnswer = Duration.ofNanos(999_999);

		boolean locked = client.getLock("job").tryLock(Duration.ZERO, LEASE, false);

		assertThat(locked).isFalse();
		assertThat(client.getLock("job").isHeldByCurrentThread()).isFalse();
		assertThat(this.store.ownerOf("job")).as("owner after the grant answered too late").isNull();
	}

	@Test
	void aGrantAnsweredWithAMillisecondOfItsLeaseLeftIsHandedToTheCaller() throws InterruptedException {
		DefaultLockClient client = client(SLOW_BACKOFF);
		this.store.lateAnswers = 2;
		this.store.leftOnLateAnswer = Duration.ofMillis(1);

		LockLease lease = acquire(client, new LockDefinition("job", LEASE, Duration.ZERO, false)).orElseThrow();
		assertThat(lease.getRemainingLease()).isEqualTo(Duration.ofMillis(1));
		release(lease);
		assertThat(client.getLock("job").tryLock(Duration.ZERO, LEASE, false)).as("by a thread").isTrue();
		client.getLock("job").unlock();
	}

	private DefaultLockClient client(LockBackoff backoff) {
		DefaultLockClient client = new DefaultLockClient(this.store, LEASE, true, backoff, this.lost::add,
				this.runtime);
		client.setShutdownTimeout(Duration.ZERO);
		this.clients.add(client);
		return client;
	}

	private Optional<LockLease> acquire(DefaultLockClient client, LockDefinition definition) {
		CompletableFuture<Optional<LockLease>> acquiring = client.tryAcquireAsync(definition).toCompletableFuture();
		this.runtime.runUntilIdle();
		assertThat(acquiring).isDone();
		return acquiring.join();
	}

	/**
	 * Ask for the busy lock {@code job}, and check that the first attempt found it so.
	 */
	private CompletableFuture<Optional<LockLease>> startWaiting(DefaultLockClient waiter, Duration waitTime) {
		CompletableFuture<Optional<LockLease>> waiting = waiter
			.tryAcquireAsync(LockDefinition.of("job", LEASE, waitTime))
			.toCompletableFuture();
		this.runtime.runUntilIdle();
		assertThat(waiting).isNotDone();
		return waiting;
	}

	private void release(LockLease lease) {
		CompletableFuture<Void> releasing = lease.release().toCompletableFuture();
		this.runtime.runUntilIdle();
		assertThat(releasing).isCompleted();
	}

	private static Set<String> engineThreads() {
		Set<String> names = new LinkedHashSet<>();
		Thread.getAllStackTraces().keySet().forEach((thread) -> {
			if (thread.getName().startsWith("redis-lock")) {
				names.add(thread.getName());
			}
		});
		return names;
	}

	/**
	 * A store on the runtime's time that answers at once and tells releases through the
	 * runtime, as Redis tells them after the release's reply; it queues no waiters.
	 */
	static final class SimulatedStore implements LockStore {

		private final ManualRuntime runtime;

		private final Executor notifications;

		private final Thread testThread = Thread.currentThread();

		private final Map<String, String> owners = new HashMap<>();

		private final Map<String, Long> expiries = new HashMap<>();

		private final Map<String, Set<ReleaseListener>> listeners = new HashMap<>();

		private long fence;

		int renewals;

		int acquisitions;

		/**
		 * How many of the next grants answer later than the whole lease, while the store
		 * still holds the lock: it counts on its lease for a second less than it grants.
		 */
		int lateAnswers;

		/**
		 * How much of the lease a late grant leaves to count on when answered;
		 * {@code null} for an answer half a second after the whole lease.
		 */
		@Nullable Duration leftOnLateAnswer;

		int foreignCalls;

		SimulatedStore(ManualRuntime runtime) {
			this.runtime = runtime;
			this.notifications = runtime.threads("notifications", 1);
		}

		@Nullable String ownerOf(String name) {
			Long expiry = this.expiries.get(name);
			return (expiry != null && expiry > this.runtime.nanoTime()) ? this.owners.get(name) : null;
		}

		long remainingNanos(String name) {
			return (ownerOf(name) != null) ? this.expiries.get(name) - this.runtime.nanoTime() : 0;
		}

		void forget(String name) {
			this.owners.remove(name);
			this.expiries.remove(name);
		}

		@Override
		public boolean queuesWaiters() {
			return false;
		}

		@Override
		public AcquireResult tryAcquire(String name, String ownerToken, Duration leaseTime) {
			call();
			String owner = ownerOf(name);
			if (owner != null && !owner.equals(ownerToken)) {
				return AcquireResult.busy(Duration.ofNanos(remainingNanos(name)).toMillis());
			}
			this.owners.put(name, ownerToken);
			this.expiries.put(name, this.runtime.nanoTime() + leaseTime.toNanos());
			this.acquisitions++;
			if (this.lateAnswers > 0) {
				this.lateAnswers--;
				this.runtime
					.jump((this.leftOnLateAnswer != null) ? leaseValidity(leaseTime).minus(this.leftOnLateAnswer)
							: leaseValidity(leaseTime).plusMillis(500));
			}
			return AcquireResult.ACQUIRED;
		}

		@Override
		public Duration leaseValidity(Duration leaseTime) {
			return leaseTime.minusSeconds(1);
		}

		@Override
		public AcquireResult tryAcquire(String name, String ownerToken, Duration leaseTime, @Nullable Queueing queueing,
				LockHolder holder) {
			return tryAcquire(name, ownerToken, leaseTime);
		}

		@Override
		public long issueFencingToken(String name, String ownerToken, Duration leaseTime) {
			call();
			return ownerToken.equals(ownerOf(name)) ? ++this.fence : 0;
		}

		@Override
		public boolean renew(String name, String ownerToken, Duration leaseTime) {
			call();
			if (!ownerToken.equals(ownerOf(name))) {
				return false;
			}
			this.renewals++;
			this.expiries.put(name, this.runtime.nanoTime() + leaseTime.toNanos());
			return true;
		}

		@Override
		public boolean release(String name, String ownerToken) {
			call();
			if (!ownerToken.equals(ownerOf(name))) {
				return false;
			}
			forget(name);
			for (ReleaseListener listener : List.copyOf(this.listeners.getOrDefault(name, Set.of()))) {
				this.notifications.execute(() -> listener.released(null));
			}
			return true;
		}

		@Override
		public boolean forceRelease(String name) {
			call();
			boolean held = ownerOf(name) != null;
			forget(name);
			return held;
		}

		@Override
		public CompletionStage<AcquireResult> tryAcquireAsync(String name, String ownerToken, Duration leaseTime,
				@Nullable Queueing queueing, LockHolder holder) {
			return LockStore.answered(() -> tryAcquire(name, ownerToken, leaseTime, queueing, holder));
		}

		@Override
		public CompletionStage<Long> issueFencingTokenAsync(String name, String ownerToken, Duration leaseTime) {
			return LockStore.answered(() -> issueFencingToken(name, ownerToken, leaseTime));
		}

		@Override
		public CompletionStage<Boolean> renewAsync(String name, String ownerToken, Duration leaseTime) {
			return LockStore.answered(() -> renew(name, ownerToken, leaseTime));
		}

		@Override
		public CompletionStage<Boolean> releaseAsync(String name, String ownerToken) {
			return LockStore.answered(() -> release(name, ownerToken));
		}

		@Override
		public CompletionStage<Boolean> forceReleaseAsync(String name) {
			return LockStore.answered(() -> forceRelease(name));
		}

		@Override
		public AutoCloseable subscribe(String name, ReleaseListener listener) {
			call();
			this.listeners.computeIfAbsent(name, (key) -> new LinkedHashSet<>()).add(listener);
			return () -> this.listeners.get(name).remove(listener);
		}

		private void call() {
			if (Thread.currentThread() != this.testThread) {
				this.foreignCalls++;
			}
		}

	}

}
