// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.fencing;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.redislock.annotation.LockContext;
import io.github.redislock.annotation.RedisLock;
import io.github.redislock.autoconfigure.FencingAutoConfiguration;
import io.github.redislock.autoconfigure.ImportRedisAutoConfiguration;
import io.github.redislock.autoconfigure.RedisLockAutoConfiguration;
import io.github.redislock.core.StaleFencingTokenException;
import io.github.redislock.interceptor.RedisLockAnnotationAutoConfiguration;
import io.github.redislock.testsupport.RedisNode;
import io.github.redislock.testsupport.RedisServerExtension;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.autoconfigure.aop.AopAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.core.StringRedisTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Two application instances on one Redis, each writing a stock level and a hash of
 * details under {@code @RedisLock} through the auto-configured
 * {@link FencedRedisTemplate}. In each round one instance takes its fencing token, then
 * stalls on a latch past its lease (as a paused JVM would); the other takes the lock and
 * writes; the first resumes and writes too. Redis refuses every write of the stalled
 * holder and keeps the successor's, in every round, whichever instance stalls.
 *
 * @author redis-lock contributors
 */
class StaleHolderWritesToRedisAreRefusedAcrossInstancesTests {

	private static final int ROUNDS = 4;

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	private static RedisNode server;

	private static final List<ConfigurableApplicationContext> instances = new ArrayList<>();

	@BeforeAll
	static void startTwoInstances() {
		server = redis.standalone();
		for (int i = 0; i < 2; i++) {
			instances.add(new SpringApplicationBuilder(Infrastructure.class, Stock.class).web(WebApplicationType.NONE)
				.logStartupInfo(false)
				.registerShutdownHook(false)
				.properties("spring.main.banner-mode=off", "spring.data.redis.host=" + RedisNode.HOST,
						"spring.data.redis.port=" + server.port(), "redis-lock.lost-lease-action=log")
				.run());
		}
	}

	@AfterAll
	static void stopInstances() {
		instances.forEach(ConfigurableApplicationContext::close);
	}

	@Test
	void everyWriteOfAHolderThatStalledPastItsLeaseIsRefusedAndTheSuccessorsStays() throws Exception {
		StringRedisTemplate redis = instances.get(0).getBean(StringRedisTemplate.class);
		ExecutorService executor = Executors.newSingleThreadExecutor();
		try {
			for (int round = 0; round < ROUNDS; round++) {
				StockWriter stalled = instances.get(round % 2).getBean(StockWriter.class);
				StockWriter successor = instances.get((round + 1) % 2).getBean(StockWriter.class);
				CountDownLatch tokenTaken = new CountDownLatch(1);
				CountDownLatch resume = new CountDownLatch(1);
				String staleLevel = "stale-" + round;
				Future<Long> stale = executor.submit(() -> stalled.writeAfterStall(staleLevel, tokenTaken, resume));
				assertThat(tokenTaken.await(10, TimeUnit.SECONDS)).isTrue();
				await().atMost(Duration.ofSeconds(10)).until(() -> !redis.hasKey("lock:{stock}"));

				long successorToken = successor.write("fresh-" + round);
				resume.countDown();
				long staleToken = stale.get(10, TimeUnit.SECONDS);

				assertThat(staleToken).isLessThan(successorToken);
				assertThat(redis.opsForValue().get("stock")).isEqualTo("fresh-" + round);
				assertThat(redis.<String, String>opsForHash().get("stock:details", "level"))
					.isEqualTo("fresh-" + round);
				assertThat(redis.opsForValue().get(FencedRedisTemplate.tokenKey("stock")))
					.isEqualTo(Long.toString(successorToken));
			}
		}
		finally {
			executor.shutdownNow();
		}
		int written = instances.stream().mapToInt((i) -> i.getBean(StockWriter.class).writtenCount()).sum();
		int refused = instances.stream().mapToInt((i) -> i.getBean(StockWriter.class).refusedCount()).sum();
		assertThat(written).as("writes accepted").isEqualTo(2 * ROUNDS);
		assertThat(refused).as("writes refused").isEqualTo(2 * ROUNDS);
	}

	static class StockWriter {

		private final AtomicInteger written = new AtomicInteger();

		private final AtomicInteger refused = new AtomicInteger();

		private final FencedRedisTemplate fenced;

		StockWriter(FencedRedisTemplate fenced) {
			this.fenced = fenced;
		}

		// Read through the proxy, which has no state of its own.
		public int writtenCount() {
			return this.written.get();
		}

		public int refusedCount() {
			return this.refused.get();
		}

		@RedisLock(key = "'stock'", waitTime = 10)
		public long write(String level) {
			this.fenced.set("stock", level);
			this.written.incrementAndGet();
			this.fenced.hset("stock:details", "level", level);
			this.written.incrementAndGet();
			return LockContext.current().getFencingToken();
		}

		/**
		 * Takes the token while the lease is valid, then stalls, with a lease of 300 ms
		 * that is not renewed, until told to go on.
		 */
		@RedisLock(key = "'stock'", expire = 300, timeUnit = TimeUnit.MILLISECONDS, renew = false, waitTime = 10)
		public long writeAfterStall(String level, CountDownLatch tokenTaken, CountDownLatch resume)
				throws InterruptedException {
			long token = LockContext.current().getFencingToken();
			tokenTaken.countDown();
			if (!resume.await(20, TimeUnit.SECONDS)) {
				throw new IllegalStateException("Not resumed");
			}
			try {
				this.fenced.set("stock", level);
				this.written.incrementAndGet();
			}
			catch (StaleFencingTokenException ex) {
				this.refused.incrementAndGet();
			}
			try {
				this.fenced.hset("stock:details", "level", level);
				this.written.incrementAndGet();
			}
			catch (StaleFencingTokenException ex) {
				this.refused.incrementAndGet();
			}
			return token;
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ImportAutoConfiguration({ AopAutoConfiguration.class, RedisLockAutoConfiguration.class,
			RedisLockAnnotationAutoConfiguration.class, FencingAutoConfiguration.class })
	@ImportRedisAutoConfiguration
	static class Infrastructure {

	}

	@Configuration(proxyBeanMethods = false)
	static class Stock {

		@Bean
		StockWriter stockWriter(FencedRedisTemplate fenced) {
			return new StockWriter(fenced);
		}

	}

}
