// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.annotation;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.redislock.core.DistributedLock;
import io.github.redislock.core.LockAcquisitionException;
import io.github.redislock.core.LockClient;
import io.github.redislock.core.LockKeyEvaluationException;
import io.github.redislock.core.LockLostEvent;
import io.github.redislock.core.LockLostException;
import io.github.redislock.testsupport.RedisServerExtension;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.event.EventListener;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.awaitility.Awaitility.await;

/**
 * What {@code @RedisLock} does on a real Redis, through the auto-configuration: keys,
 * re-entry, release on every path, not-acquired handling, renewal, lost leases and
 * {@link LockContext}. Instance {@code main} is the application under test; instance
 * {@code other} plays another process competing for the same locks; instance
 * {@code custom} has its own failure handler and logs lost leases instead of throwing.
 *
 * @author redis-lock contributors
 */
class RedisLockAnnotationTests {

	private static final Duration SHORT_LEASE = Duration.ofMillis(1500);

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	private static LockApplications applications;

	private static ConfigurableApplicationContext main;

	private static ConfigurableApplicationContext other;

	private static ConfigurableApplicationContext custom;

	private static final ExecutorService executor = Executors.newCachedThreadPool();

	@BeforeAll
	static void startInstances() {
		applications = new LockApplications(redis.standalone());
		main = applications.start(Services.class);
		other = applications.start(Services.class);
		custom = applications.start(new Class<?>[] { Services.class, CustomHandler.class },
				"redis-lock.lost-lease-action=log");
	}

	@AfterAll
	static void stopInstances() {
		executor.shutdownNow();
		applications.close();
	}

	@AfterEach
	void noLockIsLeftBehind() {
		main.getBean(Calls.class).reset();
		await().atMost(Duration.ofSeconds(5)).untilAsserted(() -> assertThat(applications.lockKeys()).isEmpty());
	}

	@Test
	void argumentsByNameBecomeTheLockNameVisibleThroughLockContext() {
		Snapshot first = accounts(main).byName("a1");
		Snapshot second = accounts(main).byName("a1");
		assertThat(first.lockName()).isEqualTo("account:a1");
		assertThat(first.remainingLease()).isPositive().isLessThanOrEqualTo(Duration.ofSeconds(30));
		assertThat(second.fencingToken()).isGreaterThan(first.fencingToken());
	}

	@Test
	void argumentsByPositionAndBeanReferencesAreEvaluated() {
		assertThat(accounts(main).byPosition("p-1")).isEqualTo("p-1");
		assertThat(accounts(main).byBean("b-1")).isEqualTo("tenant-acme:b-1");
	}

	@Test
	void composedAnnotationLocks() {
		assertThat(accounts(main).composed("c-1")).isEqualTo("composed:c-1");
	}

	@Test
	void annotationOnAnInterfaceMethodLocks() {
		assertThat(main.getBean(Tickets.class).take("t-1")).isEqualTo("ticket:t-1");
	}

	@Test
	void nullKeyFailsTheCallWithoutInvokingTheMethodOrLocking() {
		assertThatExceptionOfType(LockKeyEvaluationException.class).isThrownBy(() -> accounts(main).byName(null))
			.withMessageContaining("Lock key ''account:' + #accountId'")
			.withMessageContaining("byName(String)")
			.withMessageContaining("concatenates '#accountId', which evaluated to null");
		assertThatExceptionOfType(LockKeyEvaluationException.class).isThrownBy(() -> accounts(main).byPosition(null))
			.withMessageContaining("evaluated to null");
		assertThat(main.getBean(Calls.class).count()).isZero();
		assertThat(applications.lockKeys()).isEmpty();
	}

	@Test
	void blankKeyFailsTheCallWithoutInvokingTheMethod() {
		assertThatExceptionOfType(LockKeyEvaluationException.class).isThrownBy(() -> accounts(main).byPosition(" "))
			.withMessageContaining("evaluated to a blank string");
		assertThat(main.getBean(Calls.class).count()).isZero();
	}

	@Test
	void falseConditionRunsTheMethodWithoutALock() {
		assertThat(accounts(main).conditional("cond-1", 5)).isFalse();
		assertThat(accounts(main).conditional("cond-1", 50)).isTrue();
	}

	@Test
	void exceptionFromTheMethodPropagatesUnchangedAndReleasesTheLock() {
		assertThatExceptionOfType(IllegalStateException.class).isThrownBy(() -> accounts(main).failing("f-1"))
			.withMessage("boom")
			.satisfies((ex) -> assertThat(ex.getSuppressed()).isEmpty());
		assertThat(applications.lockKeys()).isEmpty();
		assertThat(otherInstanceCanLock("f-1")).isTrue();
	}

	@Test
	void nestedCallsOnTheSameKeyAcrossTwoBeansReenterAndOnlyTheOutermostReleases() {
		List<String> observed = main.getBean(Outer.class).run("n-1");
		assertThat(observed).containsExactly("inner: holds=2, other can lock=false",
				"outer after inner: holds=1, other can lock=false");
		assertThat(applications.lockKeys()).isEmpty();
		assertThat(otherInstanceCanLock("nested:n-1")).isTrue();
	}

	@Test
	void methodWhoseConditionSkippedItsLockSeesNoLockContextInsideAnotherLockedMethod() {
		assertThat(main.getBean(Outer.class).runConditional("c-1", 5)).isFalse();
		assertThat(main.getBean(Outer.class).runConditional("c-2", 50)).isTrue();
		assertThat(applications.lockKeys()).isEmpty();
	}

	@Test
	void busyLockWithZeroWaitFailsAtOnceWithoutInvokingTheMethod() {
		DistributedLock held = otherInstanceLocks("busy-1");
		try {
			long start = System.nanoTime();
			assertThatExceptionOfType(LockAcquisitionException.class)
				.isThrownBy(() -> accounts(main).noFallback("busy-1"))
				.satisfies((ex) -> {
					assertThat(ex.getLockName()).isEqualTo("busy-1");
					assertThat(ex.getWaitTime()).isZero();
					assertThat(ex.getMethod().getName()).isEqualTo("noFallback");
				})
				.withMessageContaining("Lock 'busy-1' of @RedisLock method '")
				.withMessageContaining("noFallback(String)' was not acquired within 0 ms");
			assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(1));
			assertThat(main.getBean(Calls.class).count()).isZero();
		}
		finally {
			held.unlock();
		}
	}

	@Test
	void busyLockCallsTheFallbackMethodWithTheException() {
		DistributedLock held = otherInstanceLocks("busy-2");
		try {
			assertThat(accounts(main).withFallback("busy-2")).isEqualTo("fallback:busy-2");
			assertThat(accounts(custom).withFallback("busy-2")).isEqualTo("fallback:busy-2");
			assertThat(main.getBean(Calls.class).count()).isZero();
		}
		finally {
			held.unlock();
		}
		assertThat(accounts(main).withFallback("busy-2")).isEqualTo("ran");
	}

	@Test
	void busyLockGoesToTheApplicationsHandlerWhenThereIsNoFallback() {
		DistributedLock held = otherInstanceLocks("busy-3");
		try {
			assertThat(accounts(custom).noFallback("busy-3")).isEqualTo("handled:busy-3 by noFallback");
		}
		finally {
			held.unlock();
		}
	}

	@Test
	void handlersAnswerThatTheMethodCannotReturnFailsTheCallNamingTheMethodAndTheLock() {
		DistributedLock held = otherInstanceLocks("busy-4");
		try {
			assertThatIllegalStateException().isThrownBy(() -> accounts(custom).conditional("busy-4", 50))
				.withMessageContaining("LockAcquisitionFailureHandler ")
				.withMessageContaining(" returned a java.lang.String for @RedisLock method '")
				.withMessageContaining(
						"conditional(String, int)', which returns boolean (lock 'busy-4' was not acquired)");
		}
		finally {
			held.unlock();
		}
	}

	@Test
	void leaseIsRenewedWhileAMethodRunsThreeTimesItsLease() throws Exception {
		CountDownLatch entered = new CountDownLatch(1);
		CountDownLatch finish = new CountDownLatch(1);
		Future<?> call = executor.submit(() -> accounts(main).holdRenewed("slow-1", entered, finish));
		assertThat(entered.await(10, TimeUnit.SECONDS)).isTrue();
		long start = System.nanoTime();
		Duration threeLeases = SHORT_LEASE.multipliedBy(3).plusMillis(100);
		for (int check = 0; check < 100
				&& Duration.ofNanos(System.nanoTime() - start).compareTo(threeLeases) < 0; check++) {
			assertThat(otherInstanceCanLock("slow-1"))
				.as("other instance got the lock after %s", Duration.ofNanos(System.nanoTime() - start))
				.isFalse();
			Thread.sleep(100);
		}
		assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThanOrEqualTo(threeLeases);
		finish.countDown();
		call.get(10, TimeUnit.SECONDS);
		assertThat(otherInstanceCanLock("slow-1")).isTrue();
	}

	@Test
	void leaseLostWithoutRenewalIsThrownAtReleaseAndPublishedAsAnEvent() throws Exception {
		LostEvents events = main.getBean(LostEvents.class);
		events.clear();
		CountDownLatch entered = new CountDownLatch(1);
		CountDownLatch finish = new CountDownLatch(1);
		Future<String> call = executor.submit(() -> accounts(main).outlive("lost-1", entered, finish));
		assertThat(entered.await(10, TimeUnit.SECONDS)).isTrue();
		DistributedLock taken = awaitOtherInstanceTakesOver("lost-1");
		try {
			finish.countDown();
			assertThatExceptionOfType(ExecutionException.class).isThrownBy(() -> call.get(10, TimeUnit.SECONDS))
				.withCauseInstanceOf(LockLostException.class);
			assertThat(events.lockNames()).contains("lost-1");
		}
		finally {
			taken.unlock();
		}
	}

	@Test
	void leaseLostWithoutRenewalIsOnlyLoggedWhenConfiguredSo() throws Exception {
		LostEvents events = custom.getBean(LostEvents.class);
		events.clear();
		CountDownLatch entered = new CountDownLatch(1);
		CountDownLatch finish = new CountDownLatch(1);
		Future<String> call = executor.submit(() -> accounts(custom).outlive("lost-2", entered, finish));
		assertThat(entered.await(10, TimeUnit.SECONDS)).isTrue();
		DistributedLock taken = awaitOtherInstanceTakesOver("lost-2");
		try {
			finish.countDown();
			assertThat(call.get(10, TimeUnit.SECONDS)).isEqualTo("done");
			assertThat(events.lockNames()).contains("lost-2");
		}
		finally {
			taken.unlock();
		}
	}

	@Test
	void leaseLostWhileTheMethodFailsIsAddedToTheMethodsException() throws Exception {
		CountDownLatch entered = new CountDownLatch(1);
		CountDownLatch finish = new CountDownLatch(1);
		Future<String> call = executor.submit(() -> accounts(main).outliveAndFail("lost-3", entered, finish));
		assertThat(entered.await(10, TimeUnit.SECONDS)).isTrue();
		DistributedLock taken = awaitOtherInstanceTakesOver("lost-3");
		try {
			finish.countDown();
			assertThatExceptionOfType(ExecutionException.class).isThrownBy(() -> call.get(10, TimeUnit.SECONDS))
				.havingCause()
				.isInstanceOf(IllegalStateException.class)
				.withMessage("failed after losing the lock")
				.satisfies(
						(ex) -> assertThat(ex.getSuppressed()).singleElement().isInstanceOf(LockLostException.class));
		}
		finally {
			taken.unlock();
		}
	}

	private static Accounts accounts(ConfigurableApplicationContext context) {
		return context.getBean(Accounts.class);
	}

	private static boolean otherInstanceCanLock(String name) {
		DistributedLock lock = other.getBean(LockClient.class).getLock(name);
		if (lock.tryLock()) {
			lock.unlock();
			return true;
		}
		return false;
	}

	private static DistributedLock otherInstanceLocks(String name) {
		DistributedLock lock = other.getBean(LockClient.class).getLock(name);
		assertThat(lock.tryLock()).isTrue();
		return lock;
	}

	/**
	 * Wait, bounded, until the lease of a holder that does not renew runs out and the
	 * other instance gets the lock.
	 */
	private static DistributedLock awaitOtherInstanceTakesOver(String name) throws InterruptedException {
		// Polled on this thread, which must be the one that later unlocks.
		DistributedLock lock = other.getBean(LockClient.class).getLock(name);
		assertThat(lock.tryLock(10, TimeUnit.SECONDS)).as("other instance took over '%s'", name).isTrue();
		return lock;
	}

	record Snapshot(String lockName, long fencingToken, Duration remainingLease) {

		static Snapshot current() {
			LockContext context = LockContext.current();
			return new Snapshot(context.getLockName(), context.getFencingToken(), context.getRemainingLease());
		}

	}

	@Target(ElementType.METHOD)
	@Retention(RetentionPolicy.RUNTIME)
	@RedisLock(key = "'composed:' + #p0", waitTime = 0)
	@interface ComposedLock {

	}

	interface Tickets {

		@RedisLock(key = "'ticket:' + #id", waitTime = 0)
		String take(String id);

	}

	static class TicketDesk implements Tickets {

		@Override
		public String take(String id) {
			return LockContext.current().getLockName();
		}

	}

	static class Calls {

		private final AtomicInteger count = new AtomicInteger();

		void record() {
			this.count.incrementAndGet();
		}

		int count() {
			return this.count.get();
		}

		void reset() {
			this.count.set(0);
		}

	}

	record KeyParts(String prefix) {
	}

	static class LostEvents {

		private final List<LockLostEvent> events = new CopyOnWriteArrayList<>();

		@EventListener
		void onLost(LockLostEvent event) {
			this.events.add(event);
		}

		List<String> lockNames() {
			return this.events.stream().map(LockLostEvent::lockName).toList();
		}

		void clear() {
			this.events.clear();
		}

	}

	static class Accounts {

		private final Calls calls;

		Accounts(Calls calls) {
			this.calls = calls;
		}

		@RedisLock(key = "'account:' + #accountId", waitTime = 0)
		public Snapshot byName(String accountId) {
			this.calls.record();
			return Snapshot.current();
		}

		@RedisLock(key = "#p0", waitTime = 0)
		public String byPosition(String id) {
			this.calls.record();
			return LockContext.current().getLockName();
		}

		@RedisLock(key = "@keyParts.prefix() + ':' + #a0", waitTime = 0)
		public String byBean(String id) {
			return LockContext.current().getLockName();
		}

		@ComposedLock
		public String composed(String id) {
			return LockContext.current().getLockName();
		}

		@RedisLock(key = "#id", condition = "#amount > 10", waitTime = 0)
		public boolean conditional(String id, int amount) {
			return LockContext.isActive();
		}

		@RedisLock(key = "#id", waitTime = 0)
		public void failing(String id) {
			throw new IllegalStateException("boom");
		}

		@RedisLock(key = "#id", waitTime = 0)
		public String noFallback(String id) {
			this.calls.record();
			return "ran";
		}

		@RedisLock(key = "#id", waitTime = 0, fallback = "busy")
		public String withFallback(String id) {
			this.calls.record();
			return "ran";
		}

		String busy(String id, LockAcquisitionException ex) {
			return "fallback:" + ex.getLockName();
		}

		@RedisLock(key = "#id", expire = 1500, timeUnit = TimeUnit.MILLISECONDS, waitTime = 0)
		public void holdRenewed(String id, CountDownLatch entered, CountDownLatch finish) {
			entered.countDown();
			awaitLatch(finish);
		}

		@RedisLock(key = "#id", expire = 300, timeUnit = TimeUnit.MILLISECONDS, waitTime = 0, renew = false)
		public String outlive(String id, CountDownLatch entered, CountDownLatch finish) {
			entered.countDown();
			awaitLatch(finish);
			return "done";
		}

		@RedisLock(key = "#id", expire = 300, timeUnit = TimeUnit.MILLISECONDS, waitTime = 0, renew = false)
		public String outliveAndFail(String id, CountDownLatch entered, CountDownLatch finish) {
			entered.countDown();
			awaitLatch(finish);
			throw new IllegalStateException("failed after losing the lock");
		}

		private static void awaitLatch(CountDownLatch latch) {
			try {
				assertThat(latch.await(20, TimeUnit.SECONDS)).isTrue();
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new IllegalStateException(ex);
			}
		}

	}

	static class Inner {

		private final LockClient client;

		Inner(LockClient client) {
			this.client = client;
		}

		@RedisLock(key = "'nested:' + #id", waitTime = 0)
		public String run(String id) {
			return "inner: holds=" + this.client.getLock("nested:" + id).getHoldCount() + ", other can lock="
					+ otherInstanceCanLock("nested:" + id);
		}

	}

	static class Outer {

		private final Inner inner;

		private final LockClient client;

		private final Accounts accounts;

		Outer(Inner inner, LockClient client, Accounts accounts) {
			this.inner = inner;
			this.client = client;
			this.accounts = accounts;
		}

		@RedisLock(key = "'outer:' + #id")
		public boolean runConditional(String id, int amount) {
			return this.accounts.conditional(id, amount);
		}

		@RedisLock(key = "'nested:' + #id")
		public List<String> run(String id) {
			String inside = this.inner.run(id);
			return List.of(inside, "outer after inner: holds=" + this.client.getLock("nested:" + id).getHoldCount()
					+ ", other can lock=" + otherInstanceCanLock("nested:" + id));
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class Services {

		@Bean
		Calls calls() {
			return new Calls();
		}

		@Bean
		Accounts accounts(Calls calls) {
			return new Accounts(calls);
		}

		@Bean
		KeyParts keyParts() {
			return new KeyParts("tenant-acme");
		}

		@Bean
		TicketDesk tickets() {
			return new TicketDesk();
		}

		@Bean
		Inner inner(LockClient client) {
			return new Inner(client);
		}

		@Bean
		Outer outer(Inner inner, LockClient client, Accounts accounts) {
			return new Outer(inner, client, accounts);
		}

		@Bean
		LostEvents lostEvents() {
			return new LostEvents();
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class CustomHandler {

		@Bean
		LockAcquisitionFailureHandler lockAcquisitionFailureHandler() {
			return (exception, arguments) -> "handled:" + exception.getLockName() + " by "
					+ exception.getMethod().getName();
		}

	}

}
