// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.annotation;

import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import io.github.redislock.autoconfigure.FencingAutoConfiguration;
import io.github.redislock.autoconfigure.ImportJdbcAutoConfiguration;
import io.github.redislock.core.LockLostException;
import io.github.redislock.fencing.FencedJdbcTemplate;
import io.github.redislock.testsupport.RedisServerExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * A fenced write inside the {@code @RedisLock} methods of two locks carries the innermost
 * lock's token; tokens of different locks do not compare, so when the lease of a lock
 * around it is lost, which may be the lock that guards the row, the write is refused
 * before the database.
 *
 * @author redis-lock contributors
 */
class FencedWriteInsideLockedMethodsOfTwoLocksTests {

	@RegisterExtension
	final RedisServerExtension redis = new RedisServerExtension();

	private LockApplications applications;

	private JdbcTemplate jdbc;

	@AfterEach
	void stop() {
		if (this.applications != null) {
			this.applications.close();
		}
	}

	@Test
	void theInnermostLocksTokenFencesTheWriteWhileTheLocksAroundItAreHeld() {
		CounterService counters = start();
		long token = counters.orderThenIncrement(5);
		assertThat(this.jdbc.queryForMap("select v, fencing_token from counter where id = 5")).containsEntry("V", 1)
			.containsEntry("FENCING_TOKEN", token);
	}

	@Test
	void aWriteInsideALockWhoseLeaseIsLostIsRefusedBeforeTheDatabase() {
		CounterService counters = start();
		assertThatExceptionOfType(LockLostException.class).isThrownBy(() -> counters.incrementAfterTheLeaseRunsOut(5))
			.satisfies((ex) -> assertThat(ex)
				.hasStackTraceContaining("inside the @RedisLock method of lock 'counter:5', whose lease is lost"));
		assertThat(this.jdbc.queryForObject("select v from counter where id = 5", Integer.class)).isZero();
	}

	private CounterService start() {
		this.applications = new LockApplications(this.redis.standalone());
		ConfigurableApplicationContext context = this.applications.start(Counters.class,
				"spring.datasource.url=jdbc:h2:mem:counters-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1");
		this.jdbc = context.getBean(JdbcTemplate.class);
		this.jdbc.execute("create table counter (id int primary key, v int not null, fencing_token bigint)");
		this.jdbc.update("insert into counter (id, v) values (5, 0)");
		return context.getBean(CounterService.class);
	}

	@Configuration(proxyBeanMethods = false)
	@ImportJdbcAutoConfiguration
	@ImportAutoConfiguration(FencingAutoConfiguration.class)
	static class Counters {

		@Bean
		CounterService counterService(FencedJdbcTemplate fenced, JdbcTemplate jdbc,
				ObjectProvider<CounterService> self) {
			return new CounterService(fenced, jdbc, self);
		}

	}

	static class CounterService {

		private final FencedJdbcTemplate fenced;

		private final JdbcTemplate jdbc;

		private final ObjectProvider<CounterService> self;

		CounterService(FencedJdbcTemplate fenced, JdbcTemplate jdbc, ObjectProvider<CounterService> self) {
			this.fenced = fenced;
			this.jdbc = jdbc;
			this.self = self;
		}

		@RedisLock(key = "'order:' + #id")
		public long orderThenIncrement(int id) {
			return this.self.getObject().increment(id);
		}

		@RedisLock(key = "'counter:' + #id")
		public long increment(int id) {
			this.fenced.update("UPDATE counter SET v = ? WHERE id = ?", read(id) + 1, id);
			return LockContext.current().getFencingToken();
		}

		/** Reads, and outlives its lease (not renewed) before the nested write. */
		@RedisLock(key = "'counter:' + #id", expire = 200, timeUnit = TimeUnit.MILLISECONDS, renew = false)
		public void incrementAfterTheLeaseRunsOut(int id) {
			int value = read(id);
			LockContext context = LockContext.current();
			// The lease is this thread's: polled on it.
			await().pollInSameThread().atMost(Duration.ofSeconds(10)).until(() -> context.getRemainingLease().isZero());
			this.self.getObject().audited(id, value + 1);
		}

		@RedisLock(key = "'audit'")
		public void audited(int id, int value) {
			this.fenced.update("UPDATE counter SET v = ? WHERE id = ?", value, id);
		}

		private int read(int id) {
			Integer value = this.jdbc.queryForObject("select v from counter where id = ?", Integer.class, id);
			return (value != null) ? value : 0;
		}

	}

}
