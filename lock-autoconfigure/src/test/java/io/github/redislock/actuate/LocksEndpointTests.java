// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.actuate;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import io.github.redislock.actuate.LocksEndpoint.HeldLockReport;
import io.github.redislock.actuate.LocksEndpoint.LockRelease;
import io.github.redislock.annotation.RedisLock;
import io.github.redislock.core.DistributedLock;
import io.github.redislock.core.LockClient;
import io.github.redislock.core.LockLostEvent;
import io.github.redislock.core.LockLostException;
import io.github.redislock.engine.DefaultLockClient;
import io.github.redislock.engine.DefaultLockClient.WaiterView;
import io.github.redislock.testsupport.RedisNode;
import io.github.redislock.testsupport.RedisServerExtension;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.boot.actuate.endpoint.SecurityContext;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.event.EventListener;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * The {@code locks} endpoint shows what this instance holds and waits for, against a real
 * Redis, and its release operation frees this instance's hold and never another
 * instance's. Holders run on threads of their own, held by latches, so that each view is
 * read while the lock is certainly held.
 *
 * @author redis-lock contributors
 */
@Timeout(60)
class LocksEndpointTests {

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	private static RedisNode server;

	private static ApplicationContextRunner runner;

	@BeforeAll
	static void startRedis() {
		server = redis.standalone();
		runner = ActuatorRunners.on(server)
			.withPropertyValues("management.endpoints.web.exposure.include=locks",
					"management.endpoint.locks.show-values=always")
			.withUserConfiguration(Services.class);
	}

	@Test
	void aRedisLockMethodIsShownWithItsMethodWhileItRunsAndNotOnceItReturned() {
		runner.run((context) -> {
			LocksEndpoint endpoint = context.getBean(LocksEndpoint.class);
			Work work = context.getBean(Work.class);
			Instant before = Instant.now();
			CountDownLatch entered = new CountDownLatch(1);
			CountDownLatch leave = new CountDownLatch(1);
			Thread worker = new Thread(() -> work.hold("orders:42", entered, leave), "order-worker-7");
			worker.start();
			assertThat(entered.await(30, TimeUnit.SECONDS)).isTrue();

			assertThat(endpoint.locks(SecurityContext.NONE).instance())
				.isEqualTo(context.getBean(DefaultLockClient.class).getInstanceId());
			List<HeldLockReport> held = endpoint.locks(SecurityContext.NONE).held();

			assertThat(held).hasSize(1);
			HeldLockReport lock = held.get(0);
			assertThat(lock.name()).isEqualTo("orders:42");
			assertThat(lock.key()).isEqualTo("lock:{orders:42}");
			assertThat(lock.ownerThread()).isEqualTo("order-worker-7");
			assertThat(lock.holdCount()).isEqualTo(1);
			assertThat(lock.method()).contains("LocksEndpointTests$Work.hold(String,");
			assertThat(lock.renewing()).isTrue();
			assertThat(lock.remainingLeaseMillis()).isPositive().isLessThanOrEqualTo(30_000);
			assertThat(Instant.parse(lock.acquiredAt())).isBetween(before, Instant.now());
			assertThat(lock.fencingToken()).isNull();
			assertThat(endpoint.locks(SecurityContext.NONE).waits()).isEmpty();
			leave.countDown();
			worker.join(TimeUnit.SECONDS.toMillis(30));
			assertThat(endpoint.locks(SecurityContext.NONE).held()).isEmpty();
		});
	}

	@Test
	void aProgrammaticLockIsShownWithItsReentriesAndFencingToken() {
		runner.run((context) -> {
			LocksEndpoint endpoint = context.getBean(LocksEndpoint.class);
			DistributedLock lock = context.getBean(LockClient.class).getLock("report");
			assertThat(lock.tryLock(Duration.ZERO, Duration.ofSeconds(20), false)).isTrue();
			try {
				assertThat(lock.tryLock(Duration.ZERO, Duration.ofSeconds(20), false)).isTrue();
				long fencingToken = lock.getFencingToken();

				HeldLockReport held = endpoint.locks(SecurityContext.NONE).held().get(0);

				assertThat(held.name()).isEqualTo("report");
				assertThat(held.ownerThread()).isEqualTo(Thread.currentThread().getName());
				assertThat(held.holdCount()).isEqualTo(2);
				assertThat(held.renewing()).isFalse();
				assertThat(held.fencingToken()).isEqualTo(fencingToken);
				assertThat(held.method()).isNull();
				lock.unlock();
			}
			finally {
				lock.unlock();
			}
			assertThat(endpoint.locks(SecurityContext.NONE).held()).isEmpty();
		});
	}

	@Test
	void waitsAreShownPerNameLocallyAndInTheStore() {
		runner.run((other) -> runner.run((context) -> {
			LocksEndpoint endpoint = context.getBean(LocksEndpoint.class);
			Holder local = Holder.start(context.getBean(LockClient.class), "local");
			Holder elsewhere = Holder.start(other.getBean(LockClient.class), "elsewhere");
			DistributedLock localLock = context.getBean(LockClient.class).getLock("local");
			DistributedLock elsewhereLock = context.getBean(LockClient.class).getLock("elsewhere");
			CompletableFuture<Boolean> localWait = tryLockOnAThread(localLock);
			CompletableFuture<Boolean> storeWait = tryLockOnAThread(elsewhereLock);

			await().atMost(Duration.ofSeconds(10))
				.untilAsserted(() -> assertThat(endpoint.locks(SecurityContext.NONE).waits())
					.containsExactly(new WaiterView("elsewhere", 1, true), new WaiterView("local", 1, false)));

			local.release();
			elsewhere.release();
			assertThat(localWait.get(30, TimeUnit.SECONDS)).isTrue();
			assertThat(storeWait.get(30, TimeUnit.SECONDS)).isTrue();
			assertThat(endpoint.locks(SecurityContext.NONE).waits()).isEmpty();
		}));
	}

	@Test
	void theReleaseOperationFreesThisInstancesHoldAndTellsTheHolder() {
		runner.run((context) -> runner.run((other) -> {
			Holder holder = Holder.start(context.getBean(LockClient.class), "stuck");
			String value = String.valueOf(server.command("GET", "lock:{stuck}"));

			LockRelease elsewhere = other.getBean(LocksEndpoint.class).release("stuck");

			assertThat(elsewhere.released()).isFalse();
			assertThat(server.command("GET", "lock:{stuck}")).as("another instance's lock is untouched")
				.isEqualTo(value);

			LockRelease release = context.getBean(LocksEndpoint.class).release("stuck");

			assertThat(release.released()).isTrue();
			assertThat(server.command("GET", "lock:{stuck}")).isNull();
			DistributedLock otherLock = other.getBean(LockClient.class).getLock("stuck");
			assertThat(otherLock.tryLock(Duration.ZERO, Duration.ofSeconds(20), false)).as("free for others at once")
				.isTrue();
			otherLock.unlock();
			assertThat(context.getBean(LostLocks.class).events).extracting(LockLostEvent::lockName)
				.containsExactly("stuck");
			assertThat(holder.release()).isInstanceOf(LockLostException.class);
			assertThat(context.getBean(LocksEndpoint.class).locks(SecurityContext.NONE).held()).isEmpty();
		}));
	}

	@Test
	void theReleaseOperationReleasesNothingThisInstanceDoesNotHold() {
		runner.run((context) -> {
			LockRelease release = context.getBean(LocksEndpoint.class).release("never-taken");

			assertThat(release.released()).isFalse();
			assertThat(server.command("GET", "lock:{never-taken}")).isNull();
		});
	}

	@Test
	void theEndpointExistsOnlyWhenExposed() {
		ActuatorRunners.on(server).run((context) -> assertThat(context).doesNotHaveBean(LocksEndpoint.class));
		ActuatorRunners.on(server)
			.withPropertyValues("management.endpoints.web.exposure.include=health")
			.run((context) -> assertThat(context).doesNotHaveBean(LocksEndpoint.class));
		ActuatorRunners.on(server)
			.withPropertyValues("management.endpoints.web.exposure.include=*")
			.run((context) -> assertThat(context).hasSingleBean(LocksEndpoint.class));
	}

	@Test
	void neitherEndpointNorHealthWithoutActuator() {
		// Without the @RedisLock bean, whose proxy class the filtering class loader could
		// not see.
		ActuatorRunners.on(server)
			.withPropertyValues("management.endpoints.web.exposure.include=*")
			.withClassLoader(
					new FilteredClassLoader("org.springframework.boot.actuate", "org.springframework.boot.health"))
			.run((context) -> assertThat(context).hasNotFailed()
				.hasSingleBean(LockClient.class)
				.doesNotHaveBean(LocksEndpoint.class)
				.doesNotHaveBean("redisLockHealthIndicator"));
	}

	private static CompletableFuture<Boolean> tryLockOnAThread(DistributedLock lock) {
		CompletableFuture<Boolean> acquired = new CompletableFuture<>();
		Thread waiter = new Thread(() -> {
			try {
				boolean taken = lock.tryLock(Duration.ofSeconds(30), Duration.ofSeconds(20), false);
				if (taken) {
					lock.unlock();
				}
				acquired.complete(taken);
			}
			catch (Throwable ex) {
				acquired.completeExceptionally(ex);
			}
		}, "waiter-" + lock.getName());
		waiter.start();
		return acquired;
	}

	/**
	 * Holds a lock on a thread of its own until told to release it.
	 */
	static final class Holder {

		private final CountDownLatch leave = new CountDownLatch(1);

		private final CompletableFuture<Throwable> released = new CompletableFuture<>();

		private Holder() {
		}

		static Holder start(LockClient client, String name) throws InterruptedException {
			Holder holder = new Holder();
			CountDownLatch held = new CountDownLatch(1);
			Thread thread = new Thread(() -> {
				DistributedLock lock = client.getLock(name);
				try {
					if (!lock.tryLock(Duration.ZERO, Duration.ofSeconds(60), true)) {
						throw new IllegalStateException("Lock '" + name + "' was busy");
					}
					held.countDown();
					holder.leave.await();
					lock.unlock();
					holder.released.complete(null);
				}
				catch (Throwable ex) {
					holder.released.complete(ex);
				}
			}, "holder-" + name);
			thread.start();
			assertThat(held.await(30, TimeUnit.SECONDS)).isTrue();
			return holder;
		}

		/**
		 * Let the holder unlock, and return what its unlock threw, if anything.
		 */
		Throwable release() throws Exception {
			this.leave.countDown();
			return this.released.get(30, TimeUnit.SECONDS);
		}

	}

	static class Work {

		@RedisLock(key = "#key", waitTime = 5)
		public void hold(String key, CountDownLatch entered, CountDownLatch leave) {
			entered.countDown();
			try {
				leave.await(30, TimeUnit.SECONDS);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}

	}

	static class LostLocks {

		final List<LockLostEvent> events = new CopyOnWriteArrayList<>();

		@EventListener
		void onLockLost(LockLostEvent event) {
			this.events.add(event);
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class Services {

		@Bean
		Work work() {
			return new Work();
		}

		@Bean
		LostLocks lostLocks() {
			return new LostLocks();
		}

	}

}
