// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.annotation;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import io.github.redislock.core.LockDefinition;
import io.github.redislock.core.LockLease;
import io.github.redislock.engine.DefaultLockClient;
import io.github.redislock.store.LockHolder;
import io.github.redislock.testsupport.RedisNode;
import io.github.redislock.testsupport.RedisServerExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * With {@code redis-lock.holder-details=false}, what Redis keeps of a holder, in the lock
 * key and in a waiter's place in the queue, is only the random id of its instance, which
 * {@code /actuator/locks} shows; by default it names the host, process, thread and
 * method. Read with a plain Redis connection, as anyone with access to Redis would.
 *
 * @author redis-lock contributors
 */
@Timeout(60)
class HolderDetailsStayOutOfRedisWhenTurnedOffTests {

	private static final String METHOD = "HolderDetailsStayOutOfRedisWhenTurnedOffTests$Work.hold";

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	private static RedisNode server;

	private LockApplications applications;

	@BeforeAll
	static void startServer() {
		server = redis.standalone();
	}

	@AfterEach
	void stopInstances() {
		this.applications.close();
	}

	@Test
	void withoutHolderDetailsTheLockAndTheQueueNameOnlyTheInstance() throws Exception {
		Recorded recorded = holdAndQueue("redis-lock.holder-details=false");

		String holderInstance = recorded.holder.getBean(DefaultLockClient.class).getInstanceId();
		String waiterInstance = recorded.waiter.getBean(DefaultLockClient.class).getInstanceId();
		assertThat(recorded.lockValue).matches(holderInstance + ":\\d+ \\{\"instance\":\"" + holderInstance
				+ "\",\"acquiredAt\":\"[^\"]+\",\"waiters\":true}");
		assertThat(recorded.waiterEntry).matches("\\d+ \\d+ \\d+ \"instance\":\"" + waiterInstance + "\"");
		for (String value : List.of(recorded.lockValue, recorded.waiterEntry)) {
			assertThat(value).doesNotContain(LockHolder.currentThread(null).host(), "holder-thread-7",
					"waiter-thread-9", "hold(", "\"pid\"", "\"host\"", "\"thread\"", "\"method\"");
		}
	}

	@Test
	void withoutHolderDetailsAnAsynchronousHolderIsNamedOnlyByItsInstance() throws Exception {
		this.applications = new LockApplications(server);
		DefaultLockClient client = this.applications.start(Services.class, "redis-lock.holder-details=false")
			.getBean(DefaultLockClient.class);
		LockLease lease = client.tryAcquireAsync(LockDefinition.of("async", Duration.ofSeconds(30), Duration.ZERO))
			.toCompletableFuture()
			.get(30, TimeUnit.SECONDS)
			.orElseThrow();
		try {
			assertThat(String.valueOf(server.command("GET", "lock:{async}"))).matches(client.getInstanceId()
					+ ":\\d+ \\{\"instance\":\"" + client.getInstanceId() + "\",\"acquiredAt\":\"[^\"]+\"}");
		}
		finally {
			lease.release().toCompletableFuture().get(30, TimeUnit.SECONDS);
		}
	}

	@Test
	void byDefaultTheLockAndTheQueueNameHostProcessThreadAndMethod() throws Exception {
		Recorded recorded = holdAndQueue();

		String host = LockHolder.currentThread(null).host();
		String pid = "\"pid\":" + ProcessHandle.current().pid();
		assertThat(recorded.lockValue).contains(host, pid, "holder-thread-7", METHOD);
		assertThat(recorded.waiterEntry).contains(host, pid, "waiter-thread-9", METHOD);
	}

	/**
	 * Hold a lock in one instance and wait for it in another, and read the lock key and
	 * the waiter's queue place meanwhile.
	 */
	private Recorded holdAndQueue(String... properties) throws Exception {
		this.applications = new LockApplications(server);
		ConfigurableApplicationContext holder = this.applications.start(Services.class, properties);
		ConfigurableApplicationContext waiter = this.applications.start(Services.class, properties);
		CountDownLatch release = new CountDownLatch(1);
		CompletableFuture<Boolean> held = new CompletableFuture<>();
		CompletableFuture<Boolean> holding = call("holder-thread-7",
				() -> holder.getBean(Work.class).hold("record", () -> {
					held.complete(true);
					awaitRelease(release);
				}));
		held.get(30, TimeUnit.SECONDS);
		CompletableFuture<Boolean> waiting = call("waiter-thread-9",
				() -> waiter.getBean(Work.class).hold("record", () -> {
				}));
		await().atMost(Duration.ofSeconds(20)).until(() -> waiterEntries().size() == 1);
		String lockValue = String.valueOf(server.command("GET", "lock:{record}"));
		String waiterEntry = waiterEntries().values().iterator().next();
		release.countDown();
		assertThat(holding.get(30, TimeUnit.SECONDS)).isTrue();
		assertThat(waiting.get(30, TimeUnit.SECONDS)).as("the waiter got the lock in the end").isTrue();
		return new Recorded(holder, waiter, lockValue, waiterEntry);
	}

	private static Map<String, String> waiterEntries() {
		Map<String, String> entries = new LinkedHashMap<>();
		if (server.command("HGETALL", "lock:{record}:waiters") instanceof List<?> list) {
			for (int i = 0; i + 1 < list.size(); i += 2) {
				entries.put(String.valueOf(list.get(i)), String.valueOf(list.get(i + 1)));
			}
		}
		return entries;
	}

	private static CompletableFuture<Boolean> call(String threadName, Supplier<Boolean> work) {
		CompletableFuture<Boolean> result = new CompletableFuture<>();
		Thread thread = new Thread(() -> {
			try {
				result.complete(work.get());
			}
			catch (Throwable ex) {
				result.completeExceptionally(ex);
			}
		}, threadName);
		thread.start();
		return result;
	}

	private static void awaitRelease(CountDownLatch latch) {
		try {
			assertThat(latch.await(30, TimeUnit.SECONDS)).isTrue();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	private record Recorded(ConfigurableApplicationContext holder, ConfigurableApplicationContext waiter,
			String lockValue, String waiterEntry) {

	}

	static class Work {

		/**
		 * Run the given work under the lock.
		 */
		@RedisLock(key = "#key", waitTime = 20)
		public boolean hold(String key, Runnable whileHeld) {
			whileHeld.run();
			return true;
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class Services {

		@Bean
		Work work() {
			return new Work();
		}

	}

}
