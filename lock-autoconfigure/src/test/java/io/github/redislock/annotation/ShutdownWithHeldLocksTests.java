// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.annotation;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import java.util.stream.Collectors;

import io.github.redislock.core.DistributedLock;
import io.github.redislock.core.LockClient;
import io.github.redislock.core.LockClientClosedException;
import io.github.redislock.core.LockLostEvent;
import io.github.redislock.core.LockLostException;
import io.github.redislock.testsupport.RedisNode;
import io.github.redislock.testsupport.RedisServerExtension;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.autoconfigure.task.TaskExecutionAutoConfiguration;
import org.springframework.context.ApplicationListener;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.event.ContextClosedEvent;
import org.springframework.context.event.EventListener;
import org.springframework.scheduling.annotation.Async;
import org.springframework.scheduling.annotation.EnableAsync;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Closing an application instance while its {@code @RedisLock} methods still run: the
 * instance keeps their leases renewed and waits for them, bounded by
 * {@code redis-lock.shutdown.timeout}, so that another instance cannot take their locks
 * meanwhile; it refuses new acquisitions and wakes its waiters at once; when the timeout
 * passes it releases the locks still held, so that another instance takes them at once
 * rather than after their lease, and a method still running then learns at release that
 * its lock was given up; and it leaves nothing behind, in Redis or as threads.
 * <p>
 * Instance {@code a} is the one closed, a fresh one in each test; instance {@code b}
 * plays another process. Both run the same {@link Work} bean, whose calls count how many
 * run at once across the two. The locks have a 2 s lease, so a lease left unrenewed runs
 * out well within each test, while a renewal that a loaded machine delays by a second
 * still comes in time; the tests of what the end of the timeout releases use a 60 s lease
 * instead, so that only a release can free the lock within them. Tests that wait for a
 * running method set a timeout far longer than they take.
 *
 * @author redis-lock contributors
 */
@Timeout(60)
class ShutdownWithHeldLocksTests {

	private static final Duration BOUND = Duration.ofSeconds(15);

	/** A shutdown timeout that no test reaches. */
	private static final String WAIT_LONG = "redis-lock.shutdown.timeout=60s";

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	private static RedisNode server;

	private static LockApplications applications;

	private static ConfigurableApplicationContext b;

	private final ExecutorService executor = Executors.newCachedThreadPool();

	@BeforeAll
	static void startOtherInstance() {
		server = redis.standalone();
		applications = new LockApplications(server);
		b = applications.start(Services.class);
	}

	@AfterAll
	static void stopInstances() {
		applications.close();
	}

	@BeforeEach
	void reset() {
		Work.reset();
	}

	@AfterEach
	void stopCalls() {
		Work.release();
		this.executor.shutdownNow();
	}

	@Test
	void closingWaitsForARunningMethodWhoseLockNoOtherInstanceCanTakeMeanwhile() throws Exception {
		ConfigurableApplicationContext a = applications.start(Services.class, WAIT_LONG);
		CompletableFuture<String> running = call(() -> a.getBean(Work.class).hold("slow", "a"));
		await(Work.started, "a's method to start");

		CompletableFuture<Void> closing = CompletableFuture.runAsync(a::close, this.executor);
		await(a.getBean(ClosingSignal.class).closing, "a to begin closing");
		CompletableFuture<String> other = call(() -> b.getBean(Work.class).hold("slow", "b"));

		awaitRenewals("slow", 4);
		assertThat(Work.otherEntered.getCount()).as("b took the lock while a's method still ran").isOne();
		assertThat(closing).as("a finished closing while its method still ran").isNotDone();

		Work.release();
		assertThat(running.get(BOUND.toSeconds(), TimeUnit.SECONDS)).isEqualTo("a done");
		closing.get(BOUND.toSeconds(), TimeUnit.SECONDS);
		assertThat(other.get(BOUND.toSeconds(), TimeUnit.SECONDS)).isEqualTo("b done");
		assertThat(Work.mostAtOnce()).isOne();
	}

	@Test
	void closingWaitsForAnAsyncMethodThatTheExecutorAwaitsOnShutdown() throws Exception {
		ConfigurableApplicationContext a = applications.start(new Class<?>[] { Services.class, AsyncServices.class },
				"spring.task.execution.shutdown.await-termination=true",
				"spring.task.execution.shutdown.await-termination-period=30s", WAIT_LONG);
		CompletableFuture<String> running = a.getBean(AsyncWork.class).hold("slow-async", "a");
		await(Work.started, "a's method to start");

		CompletableFuture<Void> closing = CompletableFuture.runAsync(a::close, this.executor);
		await(a.getBean(ClosingSignal.class).closing, "a to begin closing");
		CompletableFuture<String> other = call(() -> b.getBean(Work.class).hold("slow-async", "b"));

		awaitRenewals("slow-async", 4);
		assertThat(Work.otherEntered.getCount()).as("b took the lock while a's method still ran").isOne();

		Work.release();
		assertThat(running.get(BOUND.toSeconds(), TimeUnit.SECONDS)).isEqualTo("a done");
		closing.get(BOUND.toSeconds(), TimeUnit.SECONDS);
		assertThat(other.get(BOUND.toSeconds(), TimeUnit.SECONDS)).isEqualTo("b done");
		assertThat(Work.mostAtOnce()).isOne();
	}

	@Test
	void aMethodStillRunningWhenTheShutdownTimeoutPassesIsToldItsLockWasGivenUp() throws Exception {
		ConfigurableApplicationContext a = applications.start(Services.class, "redis-lock.shutdown.timeout=200ms");
		LostLeases lost = a.getBean(LostLeases.class);
		CompletableFuture<String> running = call(() -> a.getBean(Work.class).hold("given-up", "a"));
		await(Work.started, "a's method to start");

		CompletableFuture<Void> closing = CompletableFuture.runAsync(a::close, this.executor);
		await(lost.told, "a's lost-lease listener to be told");
		assertThat(lost.events).singleElement().satisfies((event) -> {
			assertThat(event.lockName()).isEqualTo("given-up");
			assertThat(event.reason()).contains("closed while the lock was held").contains("released it");
		});
		closing.get(BOUND.toSeconds(), TimeUnit.SECONDS);
		// Given up and released: another instance takes the lock without waiting.
		assertThat(b.getBean(LockClient.class).getLock("given-up").tryLock()).isTrue();
		b.getBean(LockClient.class).getLock("given-up").unlock();

		Work.release();
		assertThatExceptionOfType(ExecutionException.class)
			.isThrownBy(() -> running.get(BOUND.toSeconds(), TimeUnit.SECONDS))
			.havingCause()
			.isInstanceOf(LockLostException.class)
			.withMessageContaining("'given-up'")
			.withMessageContaining("closed while it was held");
	}

	@Test
	void closingRefusesNewLocksAndWakesWaitersAtOnce() throws Exception {
		ConfigurableApplicationContext a = applications.start(Services.class, WAIT_LONG);
		CompletableFuture<String> running = call(() -> a.getBean(Work.class).hold("held", "a"));
		await(Work.started, "a's method to start");
		DistributedLock heldElsewhere = b.getBean(LockClient.class).getLock("held-elsewhere");
		assertThat(heldElsewhere.tryLock(Duration.ZERO, Duration.ofSeconds(30), true)).isTrue();
		try {
			Waiter waitingHere = new Waiter(() -> a.getBean(Work.class).hold("held", "a2"));
			Waiter waitingThere = new Waiter(() -> a.getBean(Work.class).hold("held-elsewhere", "a3"));
			Awaitility.await("both waiters to wait")
				.atMost(BOUND)
				.ignoreExceptions()
				.until(() -> waitingHere.isWaiting() && waitingThere.isWaiting() && waitersQueuedFor("held-elsewhere"));

			long closeBegan = System.nanoTime();
			CompletableFuture<Void> closing = CompletableFuture.runAsync(a::close, this.executor);
			for (Waiter waiter : List.of(waitingHere, waitingThere)) {
				assertThatExceptionOfType(ExecutionException.class)
					.isThrownBy(() -> waiter.outcome.get(BOUND.toSeconds(), TimeUnit.SECONDS))
					.havingCause()
					.isInstanceOf(LockClientClosedException.class)
					.withMessageContaining("shutting down");
			}
			assertThat(Duration.ofNanos(System.nanoTime() - closeBegan)).as("waiters woken at once")
				.isLessThan(Duration.ofSeconds(3));
			assertThatExceptionOfType(LockClientClosedException.class)
				.isThrownBy(() -> a.getBean(Work.class).hold("new", "a4"))
				.withMessageContaining("'new'")
				.withMessageContaining("shutting down");
			assertThat(Work.calls.get()).as("methods invoked").isOne();

			Work.release();
			assertThat(running.get(BOUND.toSeconds(), TimeUnit.SECONDS)).isEqualTo("a done");
			closing.get(BOUND.toSeconds(), TimeUnit.SECONDS);
		}
		finally {
			heldElsewhere.unlock();
		}
		assertThat(applications.lockKeys()).isEmpty();
	}

	@Test
	void aLockStillHeldWhenTheShutdownTimeoutPassesIsGoneFromRedisRightAfterClose() throws Exception {
		ConfigurableApplicationContext a = applications.start(Services.class, "redis-lock.shutdown.timeout=200ms");
		CompletableFuture<String> running = call(() -> a.getBean(Work.class).holdLong("left-at-close", "a"));
		await(Work.started, "a's method to start");
		assertThat(applications.lockKeys()).containsExactly("lock:{left-at-close}");

		a.close();

		assertThat(applications.lockKeys()).as("lock keys right after close, with a 60 s lease").isEmpty();
		Work.release();
		assertThatExceptionOfType(ExecutionException.class)
			.isThrownBy(() -> running.get(BOUND.toSeconds(), TimeUnit.SECONDS))
			.havingCause()
			.isInstanceOf(LockLostException.class)
			.withMessageContaining("'left-at-close'")
			.withMessageContaining("released it");
		assertThat(applications.lockKeys()).isEmpty();
	}

	@Test
	void aWaiterInAnotherInstanceTakesTheLockAsSoonAsTheShutdownTimeoutPasses() throws Exception {
		ConfigurableApplicationContext a = applications.start(Services.class, "redis-lock.shutdown.timeout=300ms");
		CompletableFuture<String> running = call(() -> a.getBean(Work.class).holdLong("taken-over", "a"));
		await(Work.started, "a's method to start");
		CompletableFuture<String> other = call(() -> b.getBean(Work.class).holdLong("taken-over", "b"));
		Awaitility.await("b to queue for the lock in Redis").atMost(BOUND).until(() -> waitersQueuedFor("taken-over"));

		long closeBegan = System.nanoTime();
		a.close();
		await(Work.otherEntered, "b's method to start");

		assertThat(Duration.ofNanos(System.nanoTime() - closeBegan)).as("b's wait after a began to close")
			.isLessThan(Duration.ofSeconds(10));
		assertThat(other.get(BOUND.toSeconds(), TimeUnit.SECONDS)).isEqualTo("b done");
		Work.release();
		assertThatExceptionOfType(ExecutionException.class)
			.isThrownBy(() -> running.get(BOUND.toSeconds(), TimeUnit.SECONDS))
			.havingCause()
			.isInstanceOf(LockLostException.class);
		assertThat(applications.lockKeys()).isEmpty();
	}

	@Test
	void closingLeavesNoLockKeyNoQueuePlaceAndNoThreadOfTheStarterBehind() throws Exception {
		Set<Thread> before = starterThreads();
		ConfigurableApplicationContext other = applications.start(Services.class);
		ConfigurableApplicationContext a = applications.start(Services.class, "redis-lock.shutdown.timeout=200ms");
		DistributedLock heldElsewhere = other.getBean(LockClient.class).getLock("elsewhere");
		assertThat(heldElsewhere.tryLock(Duration.ZERO, Duration.ofSeconds(60), true)).isTrue();
		CompletableFuture<String> running = call(() -> a.getBean(Work.class).holdLong("held-here", "a"));
		await(Work.started, "a's method to start");
		Waiter waitingHere = new Waiter(() -> a.getBean(Work.class).holdLong("held-here", "a2"));
		Waiter waitingThere = new Waiter(() -> a.getBean(Work.class).holdLong("elsewhere", "a3"));
		Awaitility.await("both waiters to wait")
			.atMost(BOUND)
			.ignoreExceptions()
			.until(() -> waitingHere.isWaiting() && waitingThere.isWaiting() && waitersQueuedFor("elsewhere"));

		a.close();

		// A waiter leaves its queue place on its own thread, before its call ends.
		for (Waiter waiter : List.of(waitingHere, waitingThere)) {
			assertThatExceptionOfType(ExecutionException.class)
				.isThrownBy(() -> waiter.outcome.get(BOUND.toSeconds(), TimeUnit.SECONDS))
				.havingCause()
				.isInstanceOf(LockClientClosedException.class);
		}
		assertThat(applications.lockKeys()).as("a's lock released, a's queue place left")
			.containsExactly("lock:{elsewhere}");
		heldElsewhere.unlock();
		other.close();
		Work.release();
		assertThatExceptionOfType(ExecutionException.class)
			.isThrownBy(() -> running.get(BOUND.toSeconds(), TimeUnit.SECONDS))
			.havingCause()
			.isInstanceOf(LockLostException.class);
		assertThat(applications.lockKeys()).isEmpty();
		Awaitility.await("the threads of the closed instances to end")
			.atMost(BOUND)
			.untilAsserted(() -> assertThat(starterThreads()).isSubsetOf(before));
	}

	/**
	 * The live threads the starter names, all named {@code redis-lock-…}.
	 */
	private static Set<Thread> starterThreads() {
		return Thread.getAllStackTraces()
			.keySet()
			.stream()
			.filter((thread) -> thread.isAlive() && thread.getName().startsWith("redis-lock"))
			.collect(Collectors.toSet());
	}

	private CompletableFuture<String> call(Supplier<String> action) {
		return CompletableFuture.supplyAsync(action, this.executor);
	}

	private static boolean waitersQueuedFor(String name) {
		return Long.valueOf(1).equals(server.command("EXISTS", "lock:{" + name + "}:waiters"));
	}

	/**
	 * Wait until the lease of the lock was renewed the given number of times, seen as its
	 * remaining time in Redis going up; stop early if instance b entered.
	 */
	private static void awaitRenewals(String name, int renewals) {
		long[] last = { Long.MAX_VALUE };
		int[] seen = { 0 };
		Awaitility.await(renewals + " renewals of lock '" + name + "'")
			.atMost(BOUND)
			.pollInterval(Duration.ofMillis(20))
			.ignoreExceptions()
			.until(() -> {
				if (Work.otherEntered.getCount() == 0) {
					return true;
				}
				Object pttl = server.command("PTTL", "lock:{" + name + "}");
				long remaining = (pttl instanceof Long value) ? value : -1;
				if (remaining > last[0] + 100) {
					seen[0]++;
				}
				last[0] = remaining;
				return seen[0] >= renewals;
			});
	}

	private static void await(CountDownLatch latch, String what) throws InterruptedException {
		assertThat(latch.await(BOUND.toSeconds(), TimeUnit.SECONDS)).as("waiting for " + what).isTrue();
	}

	/**
	 * Locked calls; the caller {@code a} blocks until the test releases it, every other
	 * caller returns at once.
	 */
	static class Work {

		static final AtomicInteger calls = new AtomicInteger();

		private static final AtomicInteger inside = new AtomicInteger();

		private static final AtomicInteger mostAtOnce = new AtomicInteger();

		static volatile CountDownLatch started = new CountDownLatch(1);

		static volatile CountDownLatch otherEntered = new CountDownLatch(1);

		private static volatile CountDownLatch mayFinish = new CountDownLatch(1);

		static void reset() {
			calls.set(0);
			inside.set(0);
			mostAtOnce.set(0);
			started = new CountDownLatch(1);
			otherEntered = new CountDownLatch(1);
			mayFinish = new CountDownLatch(1);
		}

		static void release() {
			mayFinish.countDown();
		}

		static int mostAtOnce() {
			return mostAtOnce.get();
		}

		@RedisLock(key = "#key", expire = 2, waitTime = 10)
		public String hold(String key, String caller) {
			return run(caller);
		}

		@RedisLock(key = "#key", expire = 60, waitTime = 30)
		public String holdLong(String key, String caller) {
			return run(caller);
		}

		static String run(String caller) {
			calls.incrementAndGet();
			mostAtOnce.accumulateAndGet(inside.incrementAndGet(), Math::max);
			try {
				if (caller.equals("a")) {
					started.countDown();
					if (!mayFinish.await(BOUND.toSeconds(), TimeUnit.SECONDS)) {
						throw new IllegalStateException("Not released by the test");
					}
				}
				else if (caller.equals("b")) {
					otherEntered.countDown();
				}
				return caller + " done";
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new IllegalStateException(ex);
			}
			finally {
				inside.decrementAndGet();
			}
		}

	}

	/**
	 * A call on a thread of its own, whose state tells whether it waits.
	 */
	static final class Waiter {

		final CompletableFuture<String> outcome = new CompletableFuture<>();

		private final Thread thread;

		Waiter(Supplier<String> call) {
			this.thread = new Thread(() -> {
				try {
					this.outcome.complete(call.get());
				}
				catch (Throwable ex) {
					this.outcome.completeExceptionally(ex);
				}
			});
			this.thread.setDaemon(true);
			this.thread.start();
		}

		boolean isWaiting() {
			Thread.State state = this.thread.getState();
			return state == Thread.State.WAITING || state == Thread.State.TIMED_WAITING;
		}

	}

	static class ClosingSignal implements ApplicationListener<ContextClosedEvent> {

		final CountDownLatch closing = new CountDownLatch(1);

		@Override
		public void onApplicationEvent(ContextClosedEvent event) {
			this.closing.countDown();
		}

	}

	static class LostLeases {

		final List<LockLostEvent> events = new CopyOnWriteArrayList<>();

		final CountDownLatch told = new CountDownLatch(1);

		@EventListener
		void onLockLost(LockLostEvent event) {
			this.events.add(event);
			this.told.countDown();
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class Services {

		@Bean
		Work work() {
			return new Work();
		}

		@Bean
		ClosingSignal closingSignal() {
			return new ClosingSignal();
		}

		@Bean
		LostLeases lostLeases() {
			return new LostLeases();
		}

	}

	static class AsyncWork {

		@Async
		@RedisLock(key = "#key", expire = 2, waitTime = 10)
		public CompletableFuture<String> hold(String key, String caller) {
			return CompletableFuture.completedFuture(Work.run(caller));
		}

	}

	@Configuration(proxyBeanMethods = false)
	@EnableAsync
	@ImportAutoConfiguration(TaskExecutionAutoConfiguration.class)
	static class AsyncServices {

		@Bean
		AsyncWork asyncWork() {
			return new AsyncWork();
		}

	}

}
