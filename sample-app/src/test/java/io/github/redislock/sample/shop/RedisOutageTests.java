// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.sample.shop;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.redislock.sample.RunningSample.Response;
import io.github.redislock.sample.RunningSample;
import io.github.redislock.testsupport.RedisNode;
import io.github.redislock.testsupport.RedisServerExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The shop when its Redis goes away: a purchase fails closed, with a problem detail and
 * nothing sold, rather than selling without the lock.
 *
 * @author redis-lock contributors
 */
class RedisOutageTests {

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	@Test
	void whenRedisGoesAwayAPurchaseFailsClosedWith503() {
		RedisNode node = redis.standalone();
		try (RunningSample app = RunningSample.start("--spring.data.redis.host=" + RedisNode.HOST,
				"--spring.data.redis.port=" + node.port())) {
			assertThat(app.post("/api/products/2/purchase?user=carol").status()).isEqualTo(201);
			node.stop();

			Response refused = app.post("/api/products/2/purchase?user=dan");

			assertThat(refused.status()).isEqualTo(503);
			assertThat(refused.contentType()).startsWith("application/problem+json");
			assertThat(refused.json().path("type").asText()).isEqualTo(ShopProblems.TYPE_PREFIX + "lock-unavailable");
			JsonNode product = app.get("/api/products/2").json();
			assertThat(product.path("orders").asInt()).isEqualTo(1);
			assertThat(product.path("stock").asInt()).isEqualTo(product.path("initialStock").asInt() - 1);
		}
	}

}
