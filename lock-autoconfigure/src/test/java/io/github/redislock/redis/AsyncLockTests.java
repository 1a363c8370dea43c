// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.redis;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

import io.github.redislock.core.LockOperations;
import io.github.redislock.core.DistributedLock;
import io.github.redislock.core.LockAcquisitionException;
import io.github.redislock.core.LockClientClosedException;
import io.github.redislock.core.LockDefinition;
import io.github.redislock.core.LockLease;
import io.github.redislock.core.LockLostException;
import io.github.redislock.store.LockStore;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * Locks of holders that are not threads, against a real Redis: a lease acquired without
 * blocking a thread, released, renewed and fenced from any thread, and exclusive with
 * every other holder, thread or not, in this process and others.
 *
 * @author redis-lock contributors
 */
class AsyncLockTests extends RedisLockTestSupport {

	private static final Duration TIMEOUT = Duration.ofSeconds(10);

	@Test
	void leaseIsHeldUntilReleasedFromAnotherThread() throws Exception {
		LockClientInstance instance = instance().start();
		LockLease lease = acquire(instance, LockDefinition.of("async:basic", Duration.ofSeconds(30), Duration.ZERO));
		assertThat(lease.isHeld()).isTrue();
		assertThat(lockKeys()).containsExactly("lock:{async:basic}");
		DistributedLock lock = instance().start().client.getLock("async:basic");
		assertThat(lock.tryLock(Duration.ZERO, Duration.ofSeconds(5), false)).isFalse();
		CompletableFuture.runAsync(() -> lease.release().toCompletableFuture().join()).get(10, TimeUnit.SECONDS);
		assertThat(lease.isHeld()).isFalse();
		assertThat(lockKeys()).isEmpty();
		assertThat(lock.tryLock(Duration.ZERO, Duration.ofSeconds(5), false)).isTrue();
		lock.unlock();
	}

	@Test
	void leaseIsNotReentrant() throws Exception {
		LockClientInstance instance = instance().start();
		LockDefinition definition = LockDefinition.of("async:once", Duration.ofSeconds(30), Duration.ZERO);
		LockLease lease = acquire(instance, definition);
		assertThat(join(instance.client.tryAcquireAsync(definition))).isEmpty();
		join(lease.release());
	}

	@Test
	void busyLockAnswersEmptyWhenTheWaitPasses() throws Exception {
		LockClientInstance instance = instance().start();
		DistributedLock holder = instance().start().client.getLock("async:busy");
		assertThat(holder.tryLock(Duration.ZERO, Duration.ofSeconds(30), true)).isTrue();
		long started = System.nanoTime();
		Optional<LockLease> lease = join(instance.client
			.tryAcquireAsync(LockDefinition.of("async:busy", Duration.ofSeconds(30), Duration.ofMillis(300))));
		assertThat(lease).isEmpty();
		assertThat(Duration.ofNanos(System.nanoTime() - started)).isGreaterThanOrEqualTo(Duration.ofMillis(300));
		holder.unlock();
	}

	@Test
	void waiterIsHandedTheLockWhenAThreadOfAnotherInstanceReleasesIt() throws Exception {
		LockClientInstance instance = instance().start();
		DistributedLock holder = instance().start().client.getLock("async:handoff");
		assertThat(holder.tryLock(Duration.ZERO, Duration.ofSeconds(30), true)).isTrue();
		CompletableFuture<Optional<LockLease>> waiting = instance.client
			.tryAcquireAsync(LockDefinition.of("async:handoff", Duration.ofSeconds(30), Duration.ofSeconds(20)));
		await().atMost(TIMEOUT)
			.until(() -> server().command("EXISTS", "lock:async:handoff:waiters").equals(1L)
					|| !lockKeys().stream().filter((key) -> key.contains("waiters")).toList().isEmpty());
		assertThat(waiting).isNotDone();
		holder.unlock();
		LockLease lease = waiting.get(10, TimeUnit.SECONDS).orElseThrow();
		assertThat(lease.isHeld()).isTrue();
		join(lease.release());
	}

	@Test
	void cancelledWaitLeavesTheQueueAndTakesNothing() throws Exception {
		LockClientInstance instance = instance().start();
		DistributedLock holder = instance().start().client.getLock("async:cancel");
		assertThat(holder.tryLock(Duration.ZERO, Duration.ofSeconds(30), true)).isTrue();
		CompletableFuture<Optional<LockLease>> waiting = instance.client
			.tryAcquireAsync(LockDefinition.of("async:cancel", Duration.ofSeconds(30), Duration.ofSeconds(20)));
		// The lock, and the waiter's place in the waiters hash and the queue.
		await().atMost(TIMEOUT).until(() -> lockKeys().size() == 3);
		waiting.cancel(false);
		await().atMost(TIMEOUT).until(() -> lockKeys().size() == 1);
		holder.unlock();
		assertThat(lockKeys()).isEmpty();
	}

	@Test
	void lostLeaseIsSignalledWhileHeldAndAtRelease() throws Exception {
		LockClientInstance instance = instance().start();
		LockLease lease = acquire(instance,
				new LockDefinition("async:lost", Duration.ofMillis(600), Duration.ZERO, true));
		server().command("DEL", "lock:{async:lost}");
		LockLostException lost = lease.whenLost().toCompletableFuture().get(10, TimeUnit.SECONDS);
		assertThat(lost.getLockName()).isEqualTo("async:lost");
		assertThat(lease.isHeld()).isFalse();
		assertThatExceptionOfType(CompletionException.class).isThrownBy(() -> join(lease.release()))
			.withCauseInstanceOf(LockLostException.class);
		// Told on the listener's own thread, which need not have run by the time the
		// lease
		// says it was lost.
		await().atMost(10, TimeUnit.SECONDS)
			.untilAsserted(() -> assertThat(instance.lostEvents).extracting("lockName").containsExactly("async:lost"));
	}

	@Test
	void leaseIsRenewedWhileHeld() throws Exception {
		LockClientInstance instance = instance().start();
		LockLease lease = acquire(instance,
				new LockDefinition("async:renewed", Duration.ofMillis(1200), Duration.ZERO, true));
		CountDownLatch pastTwoLeases = new CountDownLatch(1);
		Executors.newSingleThreadScheduledExecutor().schedule(pastTwoLeases::countDown, 2500, TimeUnit.MILLISECONDS);
		pastTwoLeases.await();
		assertThat(lease.isHeld()).isTrue();
		assertThat(lockKeys()).containsExactly("lock:{async:renewed}");
		join(lease.release());
	}

	@Test
	void fencingTokensGrowWithEveryLeaseAndEndWithIt() throws Exception {
		LockClientInstance instance = instance().start();
		LockDefinition definition = LockDefinition.of("async:fenced", Duration.ofSeconds(30), Duration.ZERO);
		LockLease first = acquire(instance, definition);
		long firstToken = join(first.fencingToken());
		assertThat(join(first.fencingToken())).isEqualTo(firstToken);
		join(first.release());
		assertThatExceptionOfType(CompletionException.class).isThrownBy(() -> join(first.fencingToken()))
			.withCauseInstanceOf(IllegalStateException.class);
		LockLease second = acquire(instance, definition);
		assertThat(join(second.fencingToken())).isGreaterThan(firstToken);
		join(second.renew());
		join(second.release());
	}

	@Test
	void templateReleasesWhenTheWorkCompletesOrFails() throws Exception {
		LockOperations template = LockOperations.of(instance().start().client);
		LockDefinition definition = LockDefinition.of("async:template", Duration.ofSeconds(30), Duration.ZERO);
		CompletableFuture<String> work = new CompletableFuture<>();
		CompletableFuture<String> result = template.executeAsync(definition, (lease) -> work).toCompletableFuture();
		await().atMost(TIMEOUT).until(() -> lockKeys().size() == 1);
		Throwable busy = join(template.executeAsync(definition, (lease) -> CompletableFuture.completedFuture("no"))
			.handle((value, failure) -> (failure != null) ? failure.getCause() : null));
		assertThat(busy).isInstanceOf(LockAcquisitionException.class);
		work.complete("done");
		assertThat(result.get(10, TimeUnit.SECONDS)).isEqualTo("done");
		assertThat(lockKeys()).isEmpty();
		CompletableFuture<String> failing = template
			.executeAsync(definition,
					(lease) -> CompletableFuture.<String>failedFuture(new IllegalStateException("boom")))
			.toCompletableFuture();
		assertThatExceptionOfType(CompletionException.class).isThrownBy(failing::join)
			.withCauseInstanceOf(IllegalStateException.class);
		assertThat(lockKeys()).isEmpty();
	}

	@Test
	void templateCallGivenUpWhileWaitingRunsNothingAndLeavesNoLockBehind() throws Exception {
		LockClientInstance instance = instance().start();
		DistributedLock holder = instance().start().client.getLock("async:given-up");
		assertThat(holder.tryLock(Duration.ZERO, Duration.ofSeconds(30), true)).isTrue();
		LockOperations template = LockOperations.of(instance.client);
		AtomicBoolean ran = new AtomicBoolean();
		CompletableFuture<String> result = template.executeAsync(
				LockDefinition.of("async:given-up", Duration.ofSeconds(30), Duration.ofSeconds(20)), (lease) -> {
					ran.set(true);
					return CompletableFuture.completedFuture("ran");
				})
			.toCompletableFuture();
		// The lock, and the waiter's place in the waiters hash and the queue.
		await().atMost(TIMEOUT).until(() -> lockKeys().size() == 3);
		result.completeExceptionally(new TimeoutException("given up"));
		await().atMost(TIMEOUT).until(() -> lockKeys().size() == 1);
		holder.unlock();
		assertThat(lockKeys()).isEmpty();
		assertThat(ran).isFalse();
	}

	@Test
	void templateCallsTimedOutJustAsTheLockIsGrantedLeaveNoLockBehind() {
		LockOperations template = LockOperations.of(instance().start().client);
		LockDefinition definition = LockDefinition.of("async:raced", Duration.ofSeconds(30), Duration.ofSeconds(5));
		for (int i = 0; i < 300; i++) {
			CompletableFuture<String> call = template
				.executeAsync(definition, (lease) -> CompletableFuture.completedFuture("done"))
				.toCompletableFuture()
				.orTimeout(i % 3, TimeUnit.MILLISECONDS);
			join(call.handle((result, failure) -> result));
		}
		// A lease nobody got would be renewed for good.
		await().atMost(Duration.ofSeconds(5)).until(() -> lockKeys().isEmpty());
	}

	@Test
	void asyncHoldersExcludeEachOtherAndThreadsAcrossInstances() throws Exception {
		List<LockClientInstance> instances = List.of(instance().start(), instance().start());
		ExecutorService work = Executors.newFixedThreadPool(4);
		ExecutorService lockingThreads = Executors.newFixedThreadPool(instances.size() * 3);
		int[] counters = new int[3];
		int perInstance = 150;
		List<CompletableFuture<?>> all = new ArrayList<>();
		try {
			for (int i = 0; i < perInstance; i++) {
				for (LockClientInstance instance : instances) {
					int key = i % counters.length;
					LockOperations template = LockOperations.of(instance.client);
					LockDefinition definition = LockDefinition.of("async:counter:" + key, Duration.ofSeconds(30),
							Duration.ofSeconds(60));
					// Read on one thread, write on another: only the lock keeps them
					// apart.
					all.add(template
						.executeAsync(definition, (lease) -> CompletableFuture.supplyAsync(() -> counters[key], work)
							.thenApplyAsync((read) -> {
								Thread.yield();
								counters[key] = read + 1;
								return read;
							}, work))
						.toCompletableFuture());
				}
			}
			// Threads of both instances on the same keys meanwhile.
			for (LockClientInstance instance : instances) {
				for (int key = 0; key < counters.length; key++) {
					int k = key;
					all.add(CompletableFuture.runAsync(() -> {
						DistributedLock lock = instance.client.getLock("async:counter:" + k);
						for (int n = 0; n < 20; n++) {
							lock.lock();
							try {
								counters[k] = counters[k] + 1;
							}
							finally {
								lock.unlock();
							}
						}
					}, lockingThreads));
				}
			}
			CompletableFuture.allOf(all.toArray(CompletableFuture[]::new)).get(120, TimeUnit.SECONDS);
		}
		finally {
			work.shutdownNow();
			lockingThreads.shutdownNow();
		}
		int total = 0;
		for (int counter : counters) {
			total += counter;
		}
		assertThat(total).isEqualTo(perInstance * instances.size() + instances.size() * counters.length * 20);
	}

	@Test
	void storeWithoutNonBlockingCallsIsServedOnTheClientsThreads() throws Exception {
		AtomicReference<String> callingThread = new AtomicReference<>();
		LockClientInstance instance = instance().storeDecorator((store) -> new DelegatingLockStore(store) {

			@Override
			public AcquireResult tryAcquire(String name, String ownerToken, Duration leaseTime,
					LockStore.Queueing queueing) {
				callingThread.set(Thread.currentThread().getName());
				return super.tryAcquire(name, ownerToken, leaseTime, queueing);
			}

			@Override
			public AcquireResult tryAcquire(String name, String ownerToken, Duration leaseTime) {
				callingThread.set(Thread.currentThread().getName());
				return super.tryAcquire(name, ownerToken, leaseTime);
			}

		}).start();
		LockLease lease = acquire(instance, LockDefinition.of("async:blocking", Duration.ofSeconds(30), Duration.ZERO));
		assertThat(callingThread.get()).startsWith("redis-lock-async-");
		join(lease.release());
	}

	@Test
	void operatorsSeeLeasesAndWaitsAndStopGivesUpLeasesNotReleasedInTime() throws Exception {
		LockClientInstance instance = instance().start();
		instance.client.setShutdownTimeout(Duration.ofMillis(300));
		LockLease lease = acquire(instance,
				LockDefinition.of("async:stop", Duration.ofSeconds(30), Duration.ZERO).withMethod("Orders.place"));
		CompletableFuture<Optional<LockLease>> waiting = instance.client
			.tryAcquireAsync(LockDefinition.of("async:stop", Duration.ofSeconds(30), Duration.ofSeconds(30)));
		await().atMost(TIMEOUT).until(() -> !instance.client.waits().isEmpty());
		assertThat(instance.client.heldLocks()).singleElement().satisfies((held) -> {
			assertThat(held.name()).isEqualTo("async:stop");
			assertThat(held.ownerThread()).isNull();
			assertThat(held.method()).isEqualTo("Orders.place");
		});
		assertThat(instance.client.waits()).singleElement().satisfies((wait) -> {
			assertThat(wait.waitingThreads()).isEqualTo(1);
			assertThat(wait.waitingInStore()).isTrue();
		});
		instance.client.stop();
		assertThatExceptionOfType(CompletionException.class).isThrownBy(() -> join(waiting))
			.withCauseInstanceOf(LockClientClosedException.class);
		assertThat(lease.whenLost().toCompletableFuture().get(10, TimeUnit.SECONDS).getMessage())
			.contains("shutdown timeout");
		assertThatExceptionOfType(CompletionException.class).isThrownBy(() -> join(lease.release()))
			.withCauseInstanceOf(LockLostException.class);
		assertThat(lockKeys()).isEmpty();
	}

	@Test
	void operatorRevokesALeaseAndItsHolderIsTold() throws Exception {
		LockClientInstance instance = instance().start();
		LockLease lease = acquire(instance, LockDefinition.of("async:revoked", Duration.ofSeconds(30), Duration.ZERO));
		assertThat(instance.client.revoke("async:revoked")).isTrue();
		assertThat(lockKeys()).isEmpty();
		assertThat(lease.whenLost().toCompletableFuture().get(10, TimeUnit.SECONDS).getMessage()).contains("operator");
		assertThatExceptionOfType(CompletionException.class).isThrownBy(() -> join(lease.release()))
			.withCauseInstanceOf(LockLostException.class);
		assertThat(instance.client.revoke("async:revoked")).isFalse();
	}

	@Test
	void leaseReleasedAfterTheClientClosedIsStillAnswered() {
		LockClientInstance instance = instance().start();
		instance.client.setShutdownTimeout(Duration.ZERO);
		LockLease lease = acquire(instance, LockDefinition.of("async:closed", Duration.ofSeconds(30), Duration.ZERO));
		instance.client.close();
		assertThatExceptionOfType(CompletionException.class).isThrownBy(() -> join(lease.release()))
			.withCauseInstanceOf(LockLostException.class);
		Throwable refused = join(instance.client
			.tryAcquireAsync(LockDefinition.of("async:closed", Duration.ofSeconds(30), Duration.ZERO))
			.handle((acquired, failure) -> failure));
		assertThat(refused).isInstanceOf(LockClientClosedException.class);
		assertThat(lockKeys()).isEmpty();
	}

	private static LockLease acquire(LockClientInstance instance, LockDefinition definition) {
		return join(instance.client.tryAcquireAsync(definition)).orElseThrow();
	}

	private static <T> T join(java.util.concurrent.CompletionStage<T> stage) {
		return stage.toCompletableFuture().orTimeout(20, TimeUnit.SECONDS).join();
	}

}
