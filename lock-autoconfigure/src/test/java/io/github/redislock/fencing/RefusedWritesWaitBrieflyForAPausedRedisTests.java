// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.fencing;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeoutException;

import io.github.redislock.annotation.LockContext;
import io.github.redislock.autoconfigure.FencingAutoConfiguration;
import io.github.redislock.core.AcquiredLock;
import io.github.redislock.core.LockDefinition;
import io.github.redislock.core.LockStoreException;
import io.github.redislock.core.LockOperations;
import io.github.redislock.core.StaleFencingTokenException;
import io.github.redislock.engine.DefaultLockClient;
import io.github.redislock.fencing.shop.ShopJpa;
import io.github.redislock.fencing.shop.Stock;
import io.github.redislock.fencing.shop.StockRepository;
import io.github.redislock.redis.RedisLockStore;
import io.github.redislock.testsupport.RedisNode;
import io.github.redislock.testsupport.RedisServerExtension;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceClientConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.embedded.EmbeddedDatabase;
import org.springframework.jdbc.datasource.embedded.EmbeddedDatabaseBuilder;
import org.springframework.jdbc.datasource.embedded.EmbeddedDatabaseType;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * A JDBC or JPA write the database refuses raises the lock's fencing tokens before it
 * throws, inside the caller's transaction: with the Redis server paused (SIGSTOP), the
 * refusal comes once the raise timeout passed, not after the Redis client's command
 * timeout, and says on it that the raise did not finish.
 *
 * @author redis-lock contributors
 */
class RefusedWritesWaitBrieflyForAPausedRedisTests {

	private static final Duration RAISE_TIMEOUT = Duration.ofMillis(200);

	/** How long a raise without a bound would hold the write up. */
	private static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(15);

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	private final List<AutoCloseable> resources = new ArrayList<>();

	private RedisNode server;

	private AcquiredLock lock;

	private long token;

	@BeforeEach
	void holdALockWithItsToken() {
		this.server = redis.standalone();
		LettuceConnectionFactory factory = new LettuceConnectionFactory(
				new RedisStandaloneConfiguration(RedisNode.HOST, this.server.port()),
				LettuceClientConfiguration.builder().commandTimeout(COMMAND_TIMEOUT).build());
		factory.afterPropertiesSet();
		factory.start();
		this.resources.add(0, factory::destroy);
		RedisLockStore store = new RedisLockStore(new StringRedisTemplate(factory), "lock:");
		this.resources.add(0, store);
		DefaultLockClient client = new DefaultLockClient(store);
		this.resources.add(0, client);
		this.lock = LockOperations.of(client)
			.tryAcquire(LockDefinition.of("stock:" + UUID.randomUUID(), Duration.ofSeconds(30), Duration.ZERO))
			.orElseThrow();
		this.resources.add(0, this.lock);
		this.token = this.lock.getFencingToken();
	}

	@AfterEach
	void resumeAndClose() throws Exception {
		this.server.resume();
		for (AutoCloseable resource : this.resources) {
			resource.close();
		}
	}

	@Test
	void aRefusedJdbcUpdateThrowsOnceTheRaiseTimeoutPassed() {
		FencedJdbcTemplate fenced = stockWithANewerToken();

		this.server.pause();
		refusedWithinTheRaiseTimeout(() -> fenced.update("UPDATE stock SET qty = qty - 1 WHERE sku = ?", "a1"));
	}

	@Test
	void refusedWritesWhileRedisIsPausedShareOneRaiseOfTheLocksTokens() {
		FencedJdbcTemplate fenced = stockWithANewerToken();

		this.server.pause();
		for (int write = 0; write < 5; write++) {
			refusedWithinTheRaiseTimeout(() -> fenced.update("UPDATE stock SET qty = qty - 1 WHERE sku = ?", "a1"));
		}
		assertThat(raisesWaitingForRedis()).as("raises of the lock's tokens waiting for the paused Redis").isEqualTo(1);
	}

	/**
	 * A row whose fence is newer than the held lock's token, written through that lock.
	 */
	private FencedJdbcTemplate stockWithANewerToken() {
		EmbeddedDatabase database = new EmbeddedDatabaseBuilder().setType(EmbeddedDatabaseType.H2)
			.generateUniqueName(true)
			.build();
		this.resources.add(0, database::shutdown);
		JdbcClient jdbc = JdbcClient.create(database);
		jdbc.sql("create table stock (sku varchar(20) primary key, qty int not null, fencing_token bigint)").update();
		jdbc.sql("insert into stock values ('a1', 10, ?)").param(this.token + 1_000).update();
		return new FencedJdbcTemplate(jdbc).withRaiseTimeout(RAISE_TIMEOUT).forLock(this.lock);
	}

	private static long raisesWaitingForRedis() {
		return Thread.getAllStackTraces()
			.entrySet()
			.stream()
			.filter((thread) -> thread.getKey().getName().startsWith("redis-lock-fencing-raise-"))
			.filter((thread) -> Arrays.stream(thread.getValue())
				.anyMatch((frame) -> frame.getMethodName().equals("raiseFencingTokensAbove")))
			.count();
	}

	@Test
	void aRefusedEntityUpdateThrowsOnceTheRaiseTimeoutPassed() {
		ConfigurableApplicationContext context = new SpringApplicationBuilder(ShopJpa.class,
				FencingAutoConfiguration.class)
			.web(WebApplicationType.NONE)
			.logStartupInfo(false)
			.registerShutdownHook(false)
			.properties("spring.main.banner-mode=off", "spring.jpa.hibernate.ddl-auto=create-drop",
					"spring.jpa.open-in-view=false",
					"spring.datasource.url=jdbc:h2:mem:raise-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1",
					"redis-lock.fencing.raise-timeout=" + RAISE_TIMEOUT.toMillis() + "ms")
			.run();
		this.resources.add(0, context::close);
		StockRepository stocks = context.getBean(StockRepository.class);
		TransactionTemplate transactions = context.getBean(TransactionTemplate.class);
		FixedTokenLease.runUnder(this.token + 1_000,
				() -> transactions.execute((tx) -> stocks.save(new Stock("a1", 10))));

		this.server.pause();
		LockContext previous = LockContext.bind(this.lock);
		try {
			refusedWithinTheRaiseTimeout(() -> transactions.execute((tx) -> {
				Stock stock = stocks.findById("a1").orElseThrow();
				stock.setQuantity(stock.getQuantity() - 1);
				return stocks.saveAndFlush(stock);
			}));
		}
		finally {
			LockContext.restore(previous);
		}
	}

	private static void refusedWithinTheRaiseTimeout(ThrowingCallable write) {
		long start = System.nanoTime();
		assertThatExceptionOfType(StaleFencingTokenException.class).isThrownBy(write)
			.satisfies((refusal) -> assertThat(refusal.getSuppressed()).singleElement()
				.isInstanceOfSatisfying(LockStoreException.class,
						(timedOut) -> assertThat(timedOut).hasMessageContaining("redis-lock.fencing.raise-timeout")
							.hasCauseInstanceOf(TimeoutException.class)));
		assertThat(Duration.ofNanos(System.nanoTime() - start)).as("time until the refusal")
			.isLessThan(COMMAND_TIMEOUT.dividedBy(3));
	}

}
