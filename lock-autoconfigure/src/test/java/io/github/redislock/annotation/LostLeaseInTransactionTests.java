// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.annotation;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import io.github.redislock.autoconfigure.ImportJdbcAutoConfiguration;
import io.github.redislock.core.DistributedLock;
import io.github.redislock.core.LockClient;
import io.github.redislock.core.LockLostException;
import io.github.redislock.testsupport.RedisServerExtension;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.annotation.EnableTransactionManagement;
import org.springframework.transaction.annotation.Transactional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * A lease lost while a {@code @RedisLock} method runs reaches its caller as
 * {@link LockLostException} whether the lock advisor runs outside the transaction
 * advisor, inside it, or the method runs in the transaction of a caller: the lock is
 * released after the commit, and the loss is thrown to whoever committed, saying that the
 * transaction had committed.
 *
 * @author redis-lock contributors
 */
class LostLeaseInTransactionTests {

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	private static LockApplications applications;

	private static ExecutorService executor;

	@BeforeAll
	static void start() {
		applications = new LockApplications(redis.standalone());
		executor = Executors.newCachedThreadPool();
	}

	@AfterAll
	static void stop() {
		executor.shutdownNow();
		applications.close();
	}

	@ParameterizedTest
	@EnumSource(Arrangement.class)
	void leaseLostWhileTheMethodRanIsThrownToTheCallerAfterTheCommit(Arrangement arrangement) throws Exception {
		String database = "jdbc:h2:mem:lost-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1";
		ConfigurableApplicationContext instance = arrangement.start(database);
		JdbcTemplate jdbc = instance.getBean(JdbcTemplate.class);
		jdbc.execute("create table writes (id varchar(64) primary key)");
		String name = "tx-lost-" + arrangement.name();
		CountDownLatch entered = new CountDownLatch(1);
		CountDownLatch finish = new CountDownLatch(1);
		Writer writer = instance.getBean(Writer.class);
		Future<String> call = executor.submit(() -> (arrangement == Arrangement.CALLER_TRANSACTION)
				? instance.getBean(Caller.class).write(name, entered, finish) : writer.write(name, entered, finish));
		assertThat(entered.await(10, TimeUnit.SECONDS)).isTrue();
		DistributedLock taken = awaitAnotherInstanceTakesOver(name);
		try {
			finish.countDown();
			assertThatExceptionOfType(ExecutionException.class).isThrownBy(() -> call.get(10, TimeUnit.SECONDS))
				.havingCause()
				.isInstanceOf(LockLostException.class)
				.satisfies((ex) -> {
					if (arrangement != Arrangement.LOCK_OUTSIDE) {
						assertThat(ex).hasMessageContaining("the transaction had already committed");
					}
				});
			assertThat(jdbc.queryForObject("select count(*) from writes where id = ?", Integer.class, name))
				.as("the write committed")
				.isOne();
		}
		finally {
			taken.unlock();
		}
	}

	private static DistributedLock awaitAnotherInstanceTakesOver(String name) throws InterruptedException {
		ConfigurableApplicationContext other = applications.start(OtherInstance.class);
		DistributedLock lock = other.getBean(LockClient.class).getLock(name);
		assertThat(lock.tryLock(10, TimeUnit.SECONDS)).as("other instance took over '%s'", name).isTrue();
		return lock;
	}

	enum Arrangement {

		/**
		 * The defaults: the lock advisor outside Spring Boot's transaction advisor.
		 */
		LOCK_OUTSIDE(new Class<?>[] { Writes.class }),

		/**
		 * The transaction advisor at order 100 and the lock at 200, inside it.
		 */
		LOCK_INSIDE(new Class<?>[] { Writes.class, TransactionOutside.class }, "redis-lock.aspect.order=200"),

		/**
		 * The locked method called from the transaction of another bean's method.
		 */
		CALLER_TRANSACTION(new Class<?>[] { Writes.class });

		private final Class<?>[] sources;

		private final String[] properties;

		Arrangement(Class<?>[] sources, String... properties) {
			this.sources = sources;
			this.properties = properties;
		}

		ConfigurableApplicationContext start(String database) {
			List<String> all = new ArrayList<>(Arrays.asList(this.properties));
			all.add("spring.datasource.url=" + database);
			return applications.start(this.sources, all.toArray(String[]::new));
		}

	}

	static class Writer {

		private final JdbcTemplate jdbc;

		Writer(JdbcTemplate jdbc) {
			this.jdbc = jdbc;
		}

		@Transactional
		@RedisLock(key = "#id", expire = 300, timeUnit = TimeUnit.MILLISECONDS, waitTime = 0, renew = false)
		public String write(String id, CountDownLatch entered, CountDownLatch finish) throws InterruptedException {
			this.jdbc.update("insert into writes (id) values (?)", id);
			entered.countDown();
			assertThat(finish.await(20, TimeUnit.SECONDS)).isTrue();
			return "written";
		}

	}

	static class Caller {

		private final Writer writer;

		Caller(Writer writer) {
			this.writer = writer;
		}

		@Transactional
		public String write(String id, CountDownLatch entered, CountDownLatch finish) throws InterruptedException {
			return this.writer.write(id, entered, finish);
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ImportJdbcAutoConfiguration
	static class Writes {

		@Bean
		Writer writer(JdbcTemplate jdbc) {
			return new Writer(jdbc);
		}

		@Bean
		Caller caller(Writer writer) {
			return new Caller(writer);
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class OtherInstance {

	}

	@Configuration(proxyBeanMethods = false)
	@EnableTransactionManagement(order = 100)
	static class TransactionOutside {

	}

}
