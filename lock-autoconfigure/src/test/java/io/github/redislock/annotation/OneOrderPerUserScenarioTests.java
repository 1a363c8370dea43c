// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.annotation;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.redislock.autoconfigure.ImportJdbcAutoConfiguration;
import io.github.redislock.core.LockClient;
import io.github.redislock.testsupport.RedisServerExtension;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import org.springframework.aop.framework.Advised;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.annotation.EnableTransactionManagement;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.transaction.interceptor.BeanFactoryTransactionAttributeSourceAdvisor;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The seeds' one-order-per-user rule in a real database: a {@code @Transactional}
 * {@code @RedisLock} method checks whether the user has an order and inserts one if not,
 * called concurrently from two application instances sharing one H2 database. No user
 * ever gets two orders, whether the lock advisor runs outside the transaction advisor
 * (the default) or inside it, because the lock is released only after the transaction
 * completes: the next holder always sees the committed order.
 *
 * @author redis-lock contributors
 */
class OneOrderPerUserScenarioTests {

	private static final int USERS = 12;

	private static final int ATTEMPTS_PER_USER = 8;

	private static final int THREADS_PER_INSTANCE = 8;

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	private static LockApplications applications;

	@BeforeAll
	static void startRedis() {
		applications = new LockApplications(redis.standalone());
	}

	@AfterAll
	static void stopInstances() {
		applications.close();
	}

	@ParameterizedTest
	@EnumSource(AdvisorOrder.class)
	void concurrentOrdersFromTwoInstancesCreateOneOrderPerUser(AdvisorOrder order) throws Exception {
		String database = "jdbc:h2:mem:orders-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1";
		List<ConfigurableApplicationContext> instances = List.of(order.start(database), order.start(database));
		instances.get(0)
			.getBean(JdbcTemplate.class)
			.execute("create table orders (id bigint auto_increment primary key, user_id varchar(64) not null)");
		assertThat(lockRunsOutsideTransaction(instances.get(0))).isEqualTo(order == AdvisorOrder.LOCK_OUTSIDE);

		AtomicInteger placed = new AtomicInteger();
		List<Runnable> calls = new ArrayList<>();
		for (int attempt = 0; attempt < ATTEMPTS_PER_USER; attempt++) {
			for (int user = 0; user < USERS; user++) {
				OrderService orders = instances.get((attempt + user) % 2).getBean(OrderService.class);
				String userId = "user-" + user;
				calls.add(() -> {
					if (orders.placeOrder(userId)) {
						placed.incrementAndGet();
					}
				});
			}
		}
		runConcurrently(calls, THREADS_PER_INSTANCE * instances.size());

		List<Map<String, Object>> ordersPerUser = instances.get(0)
			.getBean(JdbcTemplate.class)
			.queryForList("select user_id, count(*) as orders from orders group by user_id");
		assertThat(ordersPerUser).hasSize(USERS)
			.allSatisfy(
					(row) -> assertThat(((Number) row.get("ORDERS")).intValue()).as("orders of %s", row.get("USER_ID"))
						.isEqualTo(1));
		assertThat(placed).hasValue(USERS);
		assertThat(instances).allSatisfy((instance) -> assertThat(instance.getBean(OrderService.class).releasedEarly())
			.as("transactions that committed after their lock was released")
			.isZero());
		assertThat(applications.lockKeys()).isEmpty();
	}

	private static void runConcurrently(List<Runnable> calls, int threads) throws Exception {
		AtomicInteger next = new AtomicInteger();
		ConcurrentWorkers.run(threads, (t) -> () -> {
			for (int i = next.getAndIncrement(); i < calls.size(); i = next.getAndIncrement()) {
				calls.get(i).run();
			}
		});
	}

	private static boolean lockRunsOutsideTransaction(ConfigurableApplicationContext context) {
		List<String> advisors = Arrays.stream(((Advised) context.getBean(OrderService.class)).getAdvisors())
			.map((advisor) -> advisor.getClass().getName())
			.toList();
		return advisors.indexOf("io.github.redislock.interceptor.RedisLockAdvisor") < advisors
			.indexOf(BeanFactoryTransactionAttributeSourceAdvisor.class.getName());
	}

	enum AdvisorOrder {

		/**
		 * The defaults: the lock advisor at {@code LOWEST_PRECEDENCE - 1}, Spring Boot's
		 * transaction advisor at {@code LOWEST_PRECEDENCE}.
		 */
		LOCK_OUTSIDE(new Class<?>[] { Orders.class }),

		/**
		 * The transaction advisor at order 100 and the lock configured at 200: the
		 * transaction begins before the lock is taken and commits before the method's
		 * advice returns.
		 */
		LOCK_INSIDE(new Class<?>[] { Orders.class, TransactionOutside.class }, "redis-lock.aspect.order=200");

		private final Class<?>[] sources;

		private final String[] properties;

		AdvisorOrder(Class<?>[] sources, String... properties) {
			this.sources = sources;
			this.properties = properties;
		}

		ConfigurableApplicationContext start(String database) {
			List<String> all = new ArrayList<>(Arrays.asList(this.properties));
			all.add("spring.datasource.url=" + database);
			all.add("spring.datasource.hikari.maximum-pool-size=" + (THREADS_PER_INSTANCE + 2));
			return applications.start(this.sources, all.toArray(String[]::new));
		}

	}

	static class OrderService {

		private final JdbcTemplate jdbc;

		private final LockClient locks;

		private final AtomicInteger releasedEarly = new AtomicInteger();

		OrderService(JdbcTemplate jdbc, LockClient locks) {
			this.jdbc = jdbc;
			this.locks = locks;
		}

		int releasedEarly() {
			return this.releasedEarly.get();
		}

		@Transactional
		@RedisLock(key = "'order-user:' + #userId", waitTime = 60)
		public boolean placeOrder(String userId) {
			watchCompletion("order-user:" + userId);
			Integer existing = this.jdbc.queryForObject("select count(*) from orders where user_id = ?", Integer.class,
					userId);
			if (existing != null && existing > 0) {
				return false;
			}
			this.jdbc.update("insert into orders (user_id) values (?)", userId);
			return true;
		}

		/**
		 * Records whether the lock is still held when the transaction has committed, and
		 * makes the commit slow, so that a lock released before the commit would let the
		 * next holder in while the order is still invisible to it.
		 */
		private void watchCompletion(String lockName) {
			TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {

				@Override
				public void beforeCommit(boolean readOnly) {
					try {
						Thread.sleep(2);
					}
					catch (InterruptedException ex) {
						Thread.currentThread().interrupt();
					}
				}

				@Override
				public void afterCommit() {
					if (!OrderService.this.locks.getLock(lockName).isHeldByCurrentThread()) {
						OrderService.this.releasedEarly.incrementAndGet();
					}
				}

			});
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ImportJdbcAutoConfiguration
	static class Orders {

		@Bean
		OrderService orderService(JdbcTemplate jdbc, LockClient locks) {
			return new OrderService(jdbc, locks);
		}

	}

	@Configuration(proxyBeanMethods = false)
	@EnableTransactionManagement(order = 100)
	static class TransactionOutside {

	}

}
