// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.annotation;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.github.redislock.core.LockDefinition;
import io.github.redislock.core.LockOperations;
import io.github.redislock.redis.HolderRecords;
import io.github.redislock.store.LockHolder;
import io.github.redislock.test.RecordedHolder;
import io.github.redislock.testsupport.RedisNode;
import io.github.redislock.testsupport.RedisServerExtension;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.core.StringRedisTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Who holds a lock can be read from Redis with one {@code GET} of the lock key, as
 * docs/how-it-works.md ("Who holds a lock") tells operators: the owner token, then the
 * holder's host, process, thread, method and acquisition time as JSON, gone with the
 * lock.
 *
 * @author redis-lock contributors
 */
@Timeout(60)
class HolderShownInRedisTests {

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	private static RedisNode server;

	private static LockApplications applications;

	private static ConfigurableApplicationContext context;

	@BeforeAll
	static void startInstance() {
		server = redis.standalone();
		applications = new LockApplications(server);
		context = applications.start(Services.class);
	}

	@AfterAll
	static void stopInstance() {
		applications.close();
	}

	@Test
	void aRedisLockMethodIsShownAsTheHolderWhileItRunsAndNotOnceItReturned() throws Exception {
		Work work = context.getBean(Work.class);
		CompletableFuture<String> seen = new CompletableFuture<>();
		Instant before = Instant.now().truncatedTo(ChronoUnit.MILLIS);
		Thread worker = new Thread(() -> seen.complete(work.hold("orders:42")), "order-worker-7");
		worker.start();

		RecordedHolder recorded = HolderRecords.parse(seen.get(30, TimeUnit.SECONDS));

		LockHolder thisProcess = LockHolder.currentThread(null);
		assertThat(recorded.holder().host()).isEqualTo(thisProcess.host()).isNotBlank();
		assertThat(recorded.holder().pid()).isEqualTo(ProcessHandle.current().pid());
		assertThat(recorded.holder().thread()).isEqualTo("order-worker-7");
		assertThat(recorded.holder().method()).endsWith("HolderShownInRedisTests$Work.hold(String)");
		assertThat(recorded.acquiredAt()).isBetween(before, work.calledAt());
		assertThat(recorded.ownerToken()).as("the owner token stays random")
			.matches("[0-9a-f-]{36}:[0-9]+")
			.doesNotContain("order-worker-7");
		worker.join(TimeUnit.SECONDS.toMillis(30));
		assertThat(server.command("GET", "lock:{orders:42}")).as("gone once released").isNull();
	}

	@Test
	void aProgrammaticLockShowsWhatItsCallerNamesOrNoMethod() {
		LockOperations locks = context.getBean(LockOperations.class);
		LockDefinition definition = LockDefinition.of("report", Duration.ofSeconds(30), Duration.ZERO);

		String named = locks.execute(definition.withMethod("nightly-report"), () -> valueOf("report"));
		String unnamed = locks.execute(definition, () -> valueOf("report"));

		assertThat(HolderRecords.parse(named).holder().method()).isEqualTo("nightly-report");
		assertThat(HolderRecords.parse(unnamed).holder().method()).isNull();
		assertThat(unnamed).doesNotContain("\"method\"");
		assertThat(applications.lockKeys()).isEmpty();
	}

	@Test
	void theKeyPrefixNamesTheLockKeyInRedis() {
		try (ConfigurableApplicationContext prefixed = applications.start(Services.class,
				"redis-lock.key-prefix=app:locks:")) {
			LockOperations locks = prefixed.getBean(LockOperations.class);

			String value = locks.execute(LockDefinition.of("prefixed", Duration.ofSeconds(30), Duration.ZERO),
					() -> String.valueOf(server.command("GET", "app:locks:{prefixed}")));

			assertThat(HolderRecords.parse(value).ownerToken()).matches("[0-9a-f-]{36}:[0-9]+");
			assertThat(server.command("GET", "lock:{prefixed}")).as("under the default prefix").isNull();
			assertThat(server.command("GET", "app:locks:{prefixed}")).as("gone once released").isNull();
		}
	}

	private static String valueOf(String name) {
		return String.valueOf(server.command("GET", "lock:{" + name + "}"));
	}

	static class Work {

		private final StringRedisTemplate redis;

		private volatile Instant calledAt = Instant.EPOCH;

		Work(StringRedisTemplate redis) {
			this.redis = redis;
		}

		public Instant calledAt() {
			return this.calledAt;
		}

		/**
		 * Return the value of the lock key as the method sees it, under its lock.
		 */
		@RedisLock(key = "#key", waitTime = 5)
		public String hold(String key) {
			this.calledAt = Instant.now();
			return this.redis.opsForValue().get("lock:{" + key + "}");
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class Services {

		@Bean
		Work work(StringRedisTemplate redis) {
			return new Work(redis);
		}

	}

}
