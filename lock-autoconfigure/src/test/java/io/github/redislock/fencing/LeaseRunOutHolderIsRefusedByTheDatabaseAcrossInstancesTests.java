// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.fencing;

import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import io.github.redislock.annotation.LockContext;
import io.github.redislock.annotation.RedisLock;
import io.github.redislock.autoconfigure.ImportRedisAutoConfiguration;
import io.github.redislock.autoconfigure.RedisLockAutoConfiguration;
import io.github.redislock.core.StaleFencingTokenException;
import io.github.redislock.fencing.shop.ShopJpa;
import io.github.redislock.fencing.shop.Stock;
import io.github.redislock.fencing.shop.StockRepository;
import io.github.redislock.interceptor.RedisLockAnnotationAutoConfiguration;
import io.github.redislock.testsupport.PostgresServer;
import io.github.redislock.testsupport.RedisNode;
import io.github.redislock.testsupport.RedisServerExtension;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.autoconfigure.aop.AopAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.annotation.Transactional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two application instances on one Redis and one PostgreSQL database: the holder in the
 * first pauses (a thread blocked on a latch, its lease not renewed) until its lease runs
 * out and the second instance takes the lock and writes the row; when the first resumes,
 * its flush is refused by the database, whether it read the row before the newer write or
 * after it, and only the newer write counts.
 *
 * @author redis-lock contributors
 */
class LeaseRunOutHolderIsRefusedByTheDatabaseAcrossInstancesTests {

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	private static PostgresServer postgres;

	private static ConfigurableApplicationContext first;

	private static ConfigurableApplicationContext second;

	private static ExecutorService executor;

	@BeforeAll
	static void start() {
		postgres = PostgresServer.start();
		first = startInstance("create");
		second = startInstance("none");
		executor = Executors.newCachedThreadPool();
	}

	@AfterAll
	static void stop() {
		if (executor != null) {
			executor.shutdownNow();
		}
		for (ConfigurableApplicationContext instance : new ConfigurableApplicationContext[] { second, first }) {
			if (instance != null) {
				instance.close();
			}
		}
		if (postgres != null) {
			postgres.close();
		}
	}

	@ParameterizedTest
	@EnumSource(Read.class)
	void flushOfTheHolderWhoseLeaseRanOutIsRefusedAfterTheNewerHoldersWrite(Read read) throws Exception {
		String sku = "sku-" + UUID.randomUUID();
		first.getBean(Desk.class).stock(sku, 10);
		CountDownLatch paused = new CountDownLatch(1);
		CountDownLatch resume = new CountDownLatch(1);
		Future<Long> stale = executor.submit(() -> first.getBean(Desk.class)
			.takeAfterAPause(sku, read == Read.BEFORE_THE_NEWER_WRITE, paused, resume));
		assertThat(paused.await(20, TimeUnit.SECONDS)).isTrue();
		long newer = second.getBean(Desk.class).take(sku);
		resume.countDown();
		Throwable refused = refusal(stale);
		assertThat(refused).as("the paused holder's flush").isInstanceOf(StaleFencingTokenException.class);
		StaleFencingTokenException refusedWrite = (StaleFencingTokenException) refused;
		assertThat(refusedWrite.getFencingToken()).isLessThan(newer);
		assertThat(refusedWrite).hasMessageContaining("Stock#" + sku).hasMessageContaining("already holds " + newer);
		JdbcTemplate jdbc = first.getBean(JdbcTemplate.class);
		assertThat(jdbc.queryForObject("select quantity from stock where sku = ?", Integer.class, sku))
			.as("only the newer holder's take counts")
			.isEqualTo(9);
		assertThat(jdbc.queryForObject("select fence from stock where sku = ?", Long.class, sku)).isEqualTo(newer);
		long next = first.getBean(Desk.class).take(sku);
		assertThat(next).isGreaterThan(newer);
		assertThat(jdbc.queryForObject("select quantity from stock where sku = ?", Integer.class, sku)).isEqualTo(8);
	}

	/**
	 * The refusal, wherever the lock's release put it: a lease that ran out is also
	 * reported at release, with the flush's failure attached.
	 */
	private static Throwable refusal(Future<Long> stale) throws InterruptedException {
		try {
			long token = stale.get(20, TimeUnit.SECONDS);
			throw new AssertionError("The paused holder's write with token " + token + " was accepted");
		}
		catch (ExecutionException ex) {
			for (Throwable cause = ex.getCause(); cause != null; cause = cause.getCause()) {
				if (cause instanceof StaleFencingTokenException) {
					return cause;
				}
				for (Throwable suppressed : cause.getSuppressed()) {
					if (suppressed instanceof StaleFencingTokenException) {
						return suppressed;
					}
				}
			}
			throw new AssertionError("Not refused by the fence", ex.getCause());
		}
		catch (java.util.concurrent.TimeoutException ex) {
			throw new AssertionError("The paused holder did not finish", ex);
		}
	}

	private static ConfigurableApplicationContext startInstance(String ddl) {
		RedisNode server = redis.standalone();
		return new SpringApplicationBuilder(Infrastructure.class, ShopJpa.class, Desks.class)
			.web(WebApplicationType.NONE)
			.logStartupInfo(false)
			.registerShutdownHook(false)
			.properties("spring.main.banner-mode=off", "spring.data.redis.host=" + RedisNode.HOST,
					"spring.data.redis.port=" + server.port(), "spring.datasource.url=" + postgres.jdbcUrl(),
					"spring.datasource.username=" + postgres.user(),
					"spring.datasource.password=" + postgres.password(), "spring.jpa.hibernate.ddl-auto=" + ddl,
					"spring.jpa.open-in-view=false")
			.run();
	}

	enum Read {

		BEFORE_THE_NEWER_WRITE, AFTER_THE_NEWER_WRITE

	}

	public static class Desk {

		private final StockRepository stocks;

		Desk(StockRepository stocks) {
			this.stocks = stocks;
		}

		@Transactional
		@RedisLock(key = "'stock:' + #sku", waitTime = 20)
		public void stock(String sku, int quantity) {
			this.stocks.save(new Stock(sku, quantity));
		}

		@Transactional
		@RedisLock(key = "'stock:' + #sku", waitTime = 20)
		public long take(String sku) {
			Stock stock = this.stocks.findById(sku).orElseThrow();
			stock.setQuantity(stock.getQuantity() - 1);
			return LockContext.current().getFencingToken();
		}

		/**
		 * Take one, pausing with the lease unrenewed, so that it runs out while paused.
		 */
		@Transactional
		@RedisLock(key = "'stock:' + #sku", expire = 500, timeUnit = TimeUnit.MILLISECONDS, waitTime = 0, renew = false)
		public long takeAfterAPause(String sku, boolean readFirst, CountDownLatch paused, CountDownLatch resume)
				throws InterruptedException {
			long token = LockContext.current().getFencingToken();
			Stock stock = readFirst ? this.stocks.findById(sku).orElseThrow() : null;
			paused.countDown();
			assertThat(resume.await(20, TimeUnit.SECONDS)).isTrue();
			if (stock == null) {
				stock = this.stocks.findById(sku).orElseThrow();
			}
			stock.setQuantity(stock.getQuantity() - 1);
			return token;
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class Desks {

		@Bean
		Desk desk(StockRepository stocks) {
			return new Desk(stocks);
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ImportAutoConfiguration({ AopAutoConfiguration.class, RedisLockAutoConfiguration.class,
			RedisLockAnnotationAutoConfiguration.class })
	@ImportRedisAutoConfiguration
	static class Infrastructure {

	}

}
