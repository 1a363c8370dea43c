// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.sample.demo;

import java.util.ArrayList;
import java.util.List;

import io.github.redislock.sample.RunningSample;
import io.github.redislock.sample.SampleApplication;
import io.github.redislock.testsupport.RedisNode;
import io.github.redislock.testsupport.RedisServerExtension;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The load demonstration, scaled down, against a real Redis from the test fixture.
 *
 * @author redis-lock contributors
 */
@ExtendWith(OutputCaptureExtension.class)
class LoadDemoTests {

	private static final int STOCK = 20;

	private static final int ATTEMPTS = 3;

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	private static RedisNode node;

	private static RunningSample app;

	@BeforeAll
	static void start() {
		node = redis.standalone();
		app = RunningSample.start(redisArguments("--sample.demo.requests=400", "--sample.demo.threads=32",
				"--sample.demo.stock=" + STOCK));
	}

	@AfterAll
	static void stop() {
		if (app != null) {
			app.close();
		}
	}

	@Test
	void withTheLockTheBurstSellsExactlyTheStockOncePerUser() throws Exception {
		LoadResult result = app.context().getBean(PurchaseBurst.class).send(app.base(), "purchase", "with @RedisLock");

		assertThat(result.requests()).isEqualTo(400);
		assertThat(result.ordersCreated()).isEqualTo(STOCK);
		assertThat(result.finalStock()).isZero();
		assertThat(result.oversold()).isZero();
		assertThat(result.duplicateOrders()).isZero();
		assertThat(result.errors()).isZero();
		assertThat(result.ordersCreated() + result.notAcquired() + result.soldOut() + result.alreadyOrdered())
			.isEqualTo(400);
		assertThat(result.correct()).isTrue();
	}

	@Test
	void withoutTheLockTheSameBurstOversellsOrDuplicates() throws Exception {
		PurchaseBurst burst = app.context().getBean(PurchaseBurst.class);
		LoadResult result = null;
		for (int attempt = 0; attempt < ATTEMPTS && (result == null || result.correct()); attempt++) {
			result = burst.send(app.base(), "purchase-without-lock", "without @RedisLock");
		}

		assertThat(result.correct()).as("a run without the lock in %d attempts kept both rules", ATTEMPTS).isFalse();
		assertThat(result.oversold() + result.duplicateOrders()).isPositive();
	}

	@Test
	void theDemoOptionPrintsTheTableAndExitsWithZero(CapturedOutput output) {
		ConfigurableApplicationContext context = SpringApplication.run(
				io.github.redislock.sample.SampleApplication.class,
				LoadDemo.arguments(redisArguments("--demo", "--spring.main.banner-mode=off",
						"--sample.demo.requests=200", "--sample.demo.threads=16", "--sample.demo.stock=10")));
		try {
			assertThat(SpringApplication.exit(context)).isZero();
		}
		finally {
			context.close();
		}

		assertThat(output.getOut())
			.contains(
					"Flash sale of product 1: 200 purchase requests from 16 threads, 50 users sending 4 each, stock 10")
			.containsPattern("requests +orders created +final stock +oversold +duplicate orders +not acquired")
			.containsPattern("without @RedisLock +200 ")
			.containsPattern("with @RedisLock +200 +10 +0 +0 +0 ")
			.contains("with @RedisLock:    10 orders, no oversell, one order per user.");
	}

	@Test
	void theDemoRunsOnAFreePortUnlessOneIsGiven() {
		assertThat(LoadDemo.arguments(new String[] { "--demo" })).containsExactly("--demo", "--server.port=0");
		assertThat(LoadDemo.arguments(new String[] { "--demo", "--server.port=9000" })).containsExactly("--demo",
				"--server.port=9000");
	}

	private static String[] redisArguments(String... more) {
		List<String> args = new ArrayList<>(
				List.of("--spring.data.redis.host=" + RedisNode.HOST, "--spring.data.redis.port=" + node.port()));
		args.addAll(List.of(more));
		return args.toArray(String[]::new);
	}

}
