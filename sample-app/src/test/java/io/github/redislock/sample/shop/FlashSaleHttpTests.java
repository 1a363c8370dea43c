// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.sample.shop;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.redislock.core.AcquiredLock;
import io.github.redislock.core.LockDefinition;
import io.github.redislock.core.LockOperations;
import io.github.redislock.core.StaleFencingTokenException;
import io.github.redislock.fencing.FencedJdbcTemplate;
import io.github.redislock.redis.RedisLockStore;
import io.github.redislock.sample.RunningSample.Response;
import io.github.redislock.sample.RunningSample;
import io.github.redislock.testsupport.RedisNode;
import io.github.redislock.testsupport.RedisServerExtension;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.jdbc.core.simple.JdbcClient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * The sample application against a real Redis from the test fixture, driven through its
 * HTTP endpoints by concurrent clients, as a user would drive it.
 *
 * @author redis-lock contributors
 */
class FlashSaleHttpTests {

	private static final String PROBLEM_TYPE = ShopProblems.TYPE_PREFIX;

	private static final Duration TEST_TIMEOUT = Duration.ofSeconds(60);

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	private static RedisNode node;

	private static RunningSample app;

	private static RedisClient client;

	private static StatefulRedisConnection<String, String> connection;

	/**
	 * Commands to the fixture's Redis on a connection of the test's own.
	 */
	private static RedisCommands<String, String> redisCommands;

	@BeforeAll
	static void start() {
		node = redis.standalone();
		client = RedisClient.create(RedisURI.create(node.host(), node.port()));
		connection = client.connect();
		redisCommands = connection.sync();
		// A long wait for the stock lock: one test holds it while a purchase waits. No
		// sales report, whose lock and tick records would mix with the purchases' keys.
		app = RunningSample.start("--spring.data.redis.host=" + RedisNode.HOST,
				"--spring.data.redis.port=" + node.port(), "--redis-lock.wait-time=30s", "--sample.report.cron=-");
	}

	@AfterAll
	static void stop() {
		if (app != null) {
			app.close();
		}
		if (connection != null) {
			connection.close();
		}
		if (client != null) {
			client.shutdown();
		}
	}

	@Test
	void theLocksAreTakenInTheRedisThatSpringDataRedisNames() {
		LettuceConnectionFactory connectionFactory = (LettuceConnectionFactory) app.context()
			.getBean(RedisConnectionFactory.class);
		assertThat(connectionFactory.getHostName()).isEqualTo(RedisNode.HOST);
		assertThat(connectionFactory.getPort()).isEqualTo(node.port());
		assertThat(app.post("/api/products/2/reset?stock=3").status()).isEqualTo(200);
		assertThat(app.post("/api/products/2/purchase?user=erin").status()).isEqualTo(201);
		assertThat(app.context().getBean(RedisLockStore.class).lastFencingToken("stock:2")).isPositive();
	}

	@Test
	void concurrentPurchasesNeverOversellAndGiveEachUserOneOrder() throws Exception {
		int stock = 25;
		int users = 60;
		int requestsPerUser = 4;
		assertThat(app.post("/api/products/1/reset?stock=" + stock).status()).isEqualTo(200);

		List<Response> responses = fire(users * requestsPerUser, 32,
				(i) -> app.post("/api/products/1/purchase?user=buyer-" + (i / requestsPerUser)));

		assertThat(responses).allSatisfy((response) -> assertThat(response.status()).isIn(201, 409));
		assertThat(responses).filteredOn((response) -> response.status() == 201).hasSize(stock);
		assertThat(responses).filteredOn((response) -> response.status() == 409)
			.allSatisfy((response) -> assertThat(response.contentType()).startsWith("application/problem+json"))
			.extracting((response) -> response.json().path("type").asText())
			.allSatisfy((type) -> assertThat(type).isIn(PROBLEM_TYPE + "lock-not-acquired", PROBLEM_TYPE + "sold-out",
					PROBLEM_TYPE + "already-ordered"));
		JsonNode product = app.get("/api/products/1").json();
		assertThat(product.path("orders").asInt()).isEqualTo(stock);
		assertThat(product.path("stock").asInt()).isZero();
		assertThat(product.path("oversold").asInt()).isZero();
		assertThat(product.path("duplicateOrders").asInt()).isZero();
		List<Map<String, Object>> ordersPerUser = app.context()
			.getBean(JdbcClient.class)
			.sql("select user_id, count(*) as n from purchase_order where product_id = 1 group by user_id")
			.query()
			.listOfRows();
		assertThat(ordersPerUser).hasSize(stock)
			.allSatisfy((row) -> assertThat(((Number) row.get("N")).intValue()).isEqualTo(1));
		assertThat(lockKeys()).as("locks left in Redis").isEmpty();
	}

	@Test
	void aUsersSecondPurchaseWhileTheFirstRunsIsRefusedAtOnceWith409() throws Exception {
		assertThat(app.post("/api/products/2/reset?stock=5").status()).isEqualTo(200);
		LockOperations locks = app.context().getBean(LockOperations.class);
		ExecutorService client = Executors.newSingleThreadExecutor();
		Future<Response> first;
		// Hold the product's stock lock, so that dave's first purchase takes his own lock
		// and then waits inside it for the stock.
		try (AcquiredLock stockLock = locks
			.tryAcquire(new LockDefinition("stock:2", Duration.ofSeconds(30), Duration.ZERO, false))
			.orElseThrow()) {
			first = client.submit(() -> app.post("/api/products/2/purchase?user=dave"));
			await("dave's first purchase holds his lock").atMost(TEST_TIMEOUT)
				.until(() -> redisCommands.exists("flash-sale:lock:{order:2:dave}") == 1L);

			Response second = app.post("/api/products/2/purchase?user=dave");

			assertThat(second.status()).isEqualTo(409);
			assertThat(second.contentType()).startsWith("application/problem+json");
			assertThat(second.retryAfter()).isEqualTo("1");
			JsonNode problem = second.json();
			assertThat(problem.path("type").asText()).isEqualTo(PROBLEM_TYPE + "lock-not-acquired");
			assertThat(problem.path("title").asText()).isEqualTo("Purchase in progress");
			assertThat(problem.path("status").asInt()).isEqualTo(409);
			assertThat(problem.path("detail").asText()).contains("order:2:dave");
			assertThat(problem.path("instance").asText()).isEqualTo("/api/products/2/purchase");
			assertThat(problem.path("lockName").asText()).isEqualTo("order:2:dave");
			assertThat(problem.path("waitTimeMillis").asLong()).isZero();
			assertThat(first).isNotDone();
		}
		finally {
			client.shutdown();
		}
		Response firstResponse = first.get(TEST_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
		assertThat(firstResponse.status()).isEqualTo(201);
		assertThat(firstResponse.json().path("userId").asText()).isEqualTo("dave");
		JsonNode product = app.get("/api/products/2").json();
		assertThat(product.path("orders").asInt()).isEqualTo(1);
		assertThat(product.path("stock").asInt()).isEqualTo(4);

		Response again = app.post("/api/products/2/purchase?user=dave");
		assertThat(again.status()).isEqualTo(409);
		assertThat(again.json().path("type").asText()).isEqualTo(PROBLEM_TYPE + "already-ordered");
	}

	@Test
	void soldOutIsAProblemDetailToo() {
		assertThat(app.post("/api/products/2/reset?stock=1").status()).isEqualTo(200);
		assertThat(app.post("/api/products/2/purchase?user=frank").status()).isEqualTo(201);

		Response soldOut = app.post("/api/products/2/purchase?user=grace");

		assertThat(soldOut.status()).isEqualTo(409);
		assertThat(soldOut.json().path("type").asText()).isEqualTo(PROBLEM_TYPE + "sold-out");
		assertThat(soldOut.json().path("productId").asLong()).isEqualTo(2);
	}

	@Test
	void theStockWriteCarriesTheLocksFencingTokenAndAnOlderTokenIsRefused() {
		assertThat(app.post("/api/products/2/reset?stock=10").status()).isEqualTo(200);
		long token = app.post("/api/products/2/purchase?user=heidi").json().path("fencingToken").asLong();
		assertThat(token).isPositive();
		ShopRepository shop = app.context().getBean(ShopRepository.class);
		FencedJdbcTemplate fenced = app.context().getBean(FencedJdbcTemplate.class);

		assertThatExceptionOfType(StaleFencingTokenException.class).as("write with an older token")
			.isThrownBy(() -> fenced.forToken("stock:2", token - 1)
				.update("update product set stock = ? where id = ?", 0, 2L));
		assertThat(shop.stock(2)).isEqualTo(9);

		long next = app.post("/api/products/2/purchase?user=ivan").json().path("fencingToken").asLong();
		assertThat(next).isGreaterThan(token);
		assertThat(shop.stock(2)).isEqualTo(8);
	}

	@Test
	void listsTheProductsAndAnswersUnknownOnesWith404() {
		JsonNode products = app.get("/api/products").json();
		assertThat(products).extracting((product) -> product.path("id").asLong()).contains(1L, 2L);

		Response missing = app.post("/api/products/99/purchase?user=judy");

		assertThat(missing.status()).isEqualTo(404);
		assertThat(missing.json().path("type").asText()).isEqualTo(PROBLEM_TYPE + "product-not-found");
		assertThat(app.post("/api/products/1/purchase").status()).as("missing user").isEqualTo(400);
	}

	@Test
	void healthIsUpWithRedisTheDatabaseAndTheLockClientAndInfoAndLocksAreExposed() {
		Response health = app.get("/actuator/health");

		assertThat(health.status()).isEqualTo(200);
		assertThat(health.json().path("status").asText()).isEqualTo("UP");
		assertThat(health.json().path("components").path("redis").path("status").asText()).isEqualTo("UP");
		assertThat(health.json().path("components").path("db").path("status").asText()).isEqualTo("UP");
		assertThat(health.json().path("components").path("redisLock").path("status").asText()).isEqualTo("UP");
		Response locks = app.get("/actuator/locks");
		assertThat(locks.status()).isEqualTo(200);
		assertThat(locks.json().path("held").isArray()).isTrue();
		Response info = app.get("/actuator/info");
		assertThat(info.status()).isEqualTo(200);
		assertThat(info.json().path("app").path("name").asText()).isEqualTo("flash-sale-sample");
	}

	@Test
	void theLockMetersAreTaggedWithTheClassAndMethodOfEachUnlabelledLock() {
		assertThat(app.post("/api/products/2/reset?stock=3").status()).isEqualTo(200);
		assertThat(app.post("/api/products/2/purchase?user=mallory").status()).isEqualTo(201);
		Response acquire = app.get("/actuator/metrics/redis.lock.acquire");
		assertThat(acquire.status()).isEqualTo(200);
		List<String> names = new ArrayList<>();
		for (JsonNode tag : acquire.json().path("availableTags")) {
			if (tag.path("tag").asText().equals("name")) {
				tag.path("values").forEach((value) -> names.add(value.asText()));
			}
		}
		// "programmatic": the lock another test takes with the LockClient, without a
		// label.
		assertThat(names).contains("FlashSale.purchase", "StockDesk.sell")
			.allSatisfy((name) -> assertThat(name).isIn("FlashSale.purchase", "StockDesk.sell", "programmatic"));
		Response purchases = app.get("/actuator/metrics/redis.lock.held?tag=name:FlashSale.purchase");
		assertThat(purchases.status()).isEqualTo(200);
		assertThat(purchases.json().path("measurements").get(0).path("statistic").asText()).isEqualTo("COUNT");
		assertThat(purchases.json().path("measurements").get(0).path("value").asDouble()).isGreaterThanOrEqualTo(1);
	}

	private List<String> lockKeys() {
		List<String> locks = new ArrayList<>();
		for (String key : redisCommands.keys("flash-sale:lock:*")) {
			if (!key.endsWith(":fence-counter") && !key.endsWith(":released-by")) {
				locks.add(key);
			}
		}
		return locks;
	}

	/**
	 * Send requests from a bounded pool, all released at once, and wait for every answer.
	 */
	static List<Response> fire(int requests, int threads, IntFunction<Response> request) throws Exception {
		ExecutorService pool = Executors.newFixedThreadPool(threads);
		CountDownLatch start = new CountDownLatch(1);
		AtomicInteger next = new AtomicInteger();
		Response[] responses = new Response[requests];
		try {
			List<Future<?>> workers = new ArrayList<>();
			for (int t = 0; t < threads; t++) {
				workers.add(pool.submit(() -> {
					start.await();
					for (int i = next.getAndIncrement(); i < requests; i = next.getAndIncrement()) {
						responses[i] = request.apply(i);
					}
					return null;
				}));
			}
			start.countDown();
			for (Future<?> worker : workers) {
				worker.get(TEST_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
			}
		}
		finally {
			pool.shutdownNow();
		}
		return List.of(responses);
	}

}
