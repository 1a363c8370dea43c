// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.sample.shop;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import io.github.redislock.redis.RedisLockStore;
import io.github.redislock.sample.shop.PurchaseRefusedException.Reason;
import io.github.redislock.store.LockStore;
import io.github.redislock.test.InMemoryLockStore;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The sample's {@code @RedisLock} stock deduction tested as an application tests its own
 * locked code without Redis: an {@link InMemoryLockStore} bean from lock-test replaces
 * the Redis store, and Redis is configured on a port where nothing listens, so that any
 * use of it would fail the sales. The deduction reads the stock, checks it and writes it
 * back decremented, which only the lock keeps from overselling.
 *
 * @author redis-lock contributors
 */
@SpringBootTest(webEnvironment = WebEnvironment.NONE, properties = { "spring.data.redis.host=127.0.0.1",
		"spring.data.redis.port=1", "spring.data.redis.connect-timeout=200ms", "redis-lock.wait-time=30s" })
class SalesOnTheInMemoryLockStoreTests {

	private static final long PRODUCT = 2;

	@Autowired
	private StockDesk stockDesk;

	@Autowired
	private ShopRepository shop;

	@Autowired
	private ApplicationContext context;

	@Test
	void concurrentLockedSalesSellEachUnitExactlyOnceWithNoRedisRunning() throws Exception {
		int stock = 40;
		int threads = 8;
		int salesPerThread = 10;
		this.shop.reset(PRODUCT, stock);
		ExecutorService executor = Executors.newFixedThreadPool(threads);
		List<Future<List<PlacedOrder>>> results = new ArrayList<>();
		CountDownLatch start = new CountDownLatch(1);
		try {
			for (int t = 0; t < threads; t++) {
				String buyer = "buyer-" + t;
				results.add(executor.submit(() -> {
					start.await();
					List<PlacedOrder> orders = new ArrayList<>();
					for (int i = 0; i < salesPerThread; i++) {
						try {
							orders.add(this.stockDesk.sell(PRODUCT, buyer + "-" + i));
						}
						catch (PurchaseRefusedException ex) {
							assertThat(ex.getReason()).isEqualTo(Reason.SOLD_OUT);
						}
					}
					return orders;
				}));
			}
			start.countDown();
			List<PlacedOrder> orders = new ArrayList<>();
			for (Future<List<PlacedOrder>> result : results) {
				orders.addAll(result.get(60, TimeUnit.SECONDS));
			}

			assertThat(orders).hasSize(stock);
			assertThat(orders).extracting(PlacedOrder::stockLeft).doesNotHaveDuplicates();
			assertThat(orders).extracting(PlacedOrder::fencingToken).doesNotHaveDuplicates().doesNotContainNull();
			ProductView product = this.shop.product(PRODUCT);
			assertThat(product.stock()).isZero();
			assertThat(product.orders()).isEqualTo(stock);
			assertThat(product.oversold()).isZero();
		}
		finally {
			executor.shutdownNow();
		}
	}

	@Test
	void theLocksAreTakenInTheInMemoryStoreAndNoRedisStoreExists() {
		assertThat(this.context.getBean(LockStore.class)).isInstanceOf(InMemoryLockStore.class);
		assertThat(this.context.getBeanNamesForType(RedisLockStore.class)).isEmpty();
	}

	/**
	 * What an application's tests declare: the starter's Redis store backs off for it.
	 */
	@TestConfiguration(proxyBeanMethods = false)
	static class InMemoryLocks {

		@Bean
		InMemoryLockStore lockStore() {
			return new InMemoryLockStore();
		}

	}

}
