/*
 * Copyright 2026 the original authors.
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *      https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */

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
