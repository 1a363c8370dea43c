// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.annotation;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiPredicate;

import io.github.redislock.testsupport.RedisServerExtension;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.core.StringRedisTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The seeds' flash sale across two application instances: 32 threads, half through each
 * instance, make 1,500 purchases of a stock of 1,000 kept in Redis, each purchase a
 * non-atomic read, check and write. Under {@code @RedisLock} exactly 1,000 succeed and
 * the stock ends at 0; the same run without the annotation oversells, which shows that
 * the lock, not luck, keeps the count.
 *
 * @author redis-lock contributors
 */
class StockScenarioTests {

	private static final int INITIAL_STOCK = 1_000;

	private static final int CALLS = 1_500;

	private static final int THREADS = 32;

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	private static LockApplications applications;

	private static List<ConfigurableApplicationContext> instances;

	@BeforeAll
	static void startTwoInstances() {
		applications = new LockApplications(redis.standalone());
		instances = List.of(applications.start(Shop.class), applications.start(Shop.class));
	}

	@AfterAll
	static void stopInstances() {
		applications.close();
	}

	@Test
	void lockedPurchasesFromTwoInstancesSellExactlyTheStock() throws Exception {
		Outcome outcome = run("locked-sku", StockService::buyLocked);
		assertThat(outcome.successes()).isEqualTo(INITIAL_STOCK);
		assertThat(outcome.finalStock()).isZero();
		assertThat(outcome.lowestWritten()).isGreaterThanOrEqualTo(0);
		assertThat(outcome.mostBuyersAtOnce()).isEqualTo(1);
		assertThat(applications.lockKeys()).isEmpty();
	}

	@Test
	void withoutTheLockTheSameRunOversells() throws Exception {
		Outcome outcome = run("unlocked-sku", StockService::buyUnlocked);
		assertThat(outcome.mostBuyersAtOnce()).isGreaterThan(1);
		assertThat(outcome.successes()).as("purchases of a stock of %d", INITIAL_STOCK).isGreaterThan(INITIAL_STOCK);
	}

	private Outcome run(String sku, BiPredicate<StockService, String> purchase) throws Exception {
		StringRedisTemplate redis = instances.get(0).getBean(StringRedisTemplate.class);
		redis.opsForValue().set(StockService.stockKey(sku), Integer.toString(INITIAL_STOCK));
		instances.forEach((instance) -> instance.getBean(StockService.class).meter().reset());
		AtomicInteger tickets = new AtomicInteger();
		AtomicInteger successes = new AtomicInteger();
		ConcurrentWorkers.run(THREADS, (t) -> {
			StockService service = instances.get(t % instances.size()).getBean(StockService.class);
			return () -> {
				while (tickets.getAndIncrement() < CALLS) {
					if (purchase.test(service, sku)) {
						successes.incrementAndGet();
					}
				}
			};
		});
		int lowest = instances.stream()
			.mapToInt((instance) -> instance.getBean(StockService.class).meter().lowestWritten())
			.min()
			.getAsInt();
		int mostAtOnce = Meter.mostAtOnce();
		return new Outcome(successes.get(), Integer.parseInt(redis.opsForValue().get(StockService.stockKey(sku))),
				lowest, mostAtOnce);
	}

	record Outcome(int successes, int finalStock, int lowestWritten, int mostBuyersAtOnce) {
	}

	/**
	 * What happened inside the purchases. Occupancy is counted across both instances,
	 * which share this JVM, so two buyers at once in different instances show.
	 */
	static final class Meter {

		private static final AtomicInteger inside = new AtomicInteger();

		private static final AtomicInteger mostInside = new AtomicInteger();

		private final AtomicInteger lowestWritten = new AtomicInteger(Integer.MAX_VALUE);

		void enter() {
			mostInside.accumulateAndGet(inside.incrementAndGet(), Math::max);
		}

		void exit() {
			inside.decrementAndGet();
		}

		void wrote(int stock) {
			this.lowestWritten.accumulateAndGet(stock, Math::min);
		}

		int lowestWritten() {
			return this.lowestWritten.get();
		}

		void reset() {
			this.lowestWritten.set(Integer.MAX_VALUE);
			mostInside.set(0);
		}

		static int mostAtOnce() {
			return mostInside.get();
		}

	}

	static class StockService {

		private final StringRedisTemplate redis;

		private final Meter meter = new Meter();

		StockService(StringRedisTemplate redis) {
			this.redis = redis;
		}

		static String stockKey(String sku) {
			return "stock:" + sku;
		}

		Meter meter() {
			return this.meter;
		}

		@RedisLock(key = "'stock:' + #sku", waitTime = 60)
		public boolean buyLocked(String sku) {
			return buy(sku);
		}

		public boolean buyUnlocked(String sku) {
			return buy(sku);
		}

		/**
		 * The seeds' purchase: read the stock, check it, write it back decremented.
		 */
		private boolean buy(String sku) {
			this.meter.enter();
			try {
				int stock = Integer.parseInt(this.redis.opsForValue().get(stockKey(sku)));
				if (stock <= 0) {
					return false;
				}
				this.redis.opsForValue().set(stockKey(sku), Integer.toString(stock - 1));
				this.meter.wrote(stock - 1);
				return true;
			}
			finally {
				this.meter.exit();
			}
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class Shop {

		@Bean
		StockService stockService(StringRedisTemplate redis) {
			return new StockService(redis);
		}

	}

}
