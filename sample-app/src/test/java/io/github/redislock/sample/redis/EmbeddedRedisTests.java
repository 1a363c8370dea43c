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
package io.github.redislock.sample.redis;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.redislock.sample.RunningSample.Response;
import io.github.redislock.sample.RunningSample;
import org.junit.jupiter.api.Test;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The sample started with no Redis configured: it runs a redis-server of its own, uses it
 * for its locks, and stops it with the application.
 *
 * @author redis-lock contributors
 */
class EmbeddedRedisTests {

	/**
	 * The sample's application.yml sets spring.data.redis.timeout: only the properties
	 * that say where Redis is count as configuring one.
	 */
	@Test
	void withNoRedisConfiguredTheAppStartsItsOwnAndServesAPurchase() {
		EmbeddedRedisServer server;
		try (RunningSample app = RunningSample.start()) {
			server = app.context().getBean(EmbeddedRedisServer.class);
			assertThat(server.isRunning()).isTrue();
			LettuceConnectionFactory connectionFactory = (LettuceConnectionFactory) app.context()
				.getBean(RedisConnectionFactory.class);
			assertThat(connectionFactory.getHostName()).isEqualTo(EmbeddedRedisServer.HOST);
			assertThat(connectionFactory.getPort()).isEqualTo(server.getPort());

			Response purchase = app.post("/api/products/1/purchase?user=alice");

			assertThat(purchase.status()).isEqualTo(201);
			assertThat(purchase.json().path("fencingToken").asLong()).isPositive();
			assertThat(app.context().getBean(StringRedisTemplate.class).hasKey("flash-sale:lock:{stock:1}:fence"))
				.isTrue();
			JsonNode info = app.get("/actuator/info").json().path("redis");
			assertThat(info.path("embedded").asBoolean()).isTrue();
			assertThat(info.path("address").asText()).isEqualTo(EmbeddedRedisServer.HOST + ":" + server.getPort());
		}
		assertThat(server.isRunning()).as("redis-server running after the context closed").isFalse();
		assertThat(accepts(server.getPort())).isFalse();
	}

	@Test
	void theBinaryShippedInEmbeddedRedisRunsWhenAskedFor() {
		try (RunningSample app = RunningSample.start("--sample.embedded-redis.binary=embedded")) {
			EmbeddedRedisServer server = app.context().getBean(EmbeddedRedisServer.class);
			assertThat(server.getBinary().origin()).contains("embedded-redis");
			assertThat(server.getBinary().version()).startsWith("6.2.");

			assertThat(app.post("/api/products/1/purchase?user=bob").status()).isEqualTo(201);
		}
	}

	@Test
	void whenRedisGoesAwayAPurchaseFailsClosedWith503() {
		try (RunningSample app = RunningSample.start()) {
			EmbeddedRedisServer server = app.context().getBean(EmbeddedRedisServer.class);
			assertThat(app.post("/api/products/2/purchase?user=carol").status()).isEqualTo(201);
			server.close();

			Response refused = app.post("/api/products/2/purchase?user=dan");

			assertThat(refused.status()).isEqualTo(503);
			assertThat(refused.contentType()).startsWith("application/problem+json");
			assertThat(refused.json().path("type").asText()).endsWith(":sample/lock-unavailable");
			JsonNode product = app.get("/api/products/2").json();
			assertThat(product.path("orders").asInt()).isEqualTo(1);
			assertThat(product.path("stock").asInt()).isEqualTo(product.path("initialStock").asInt() - 1);
		}
	}

	@Test
	void aFailedStartStopsTheRedisItStarted() {
		long before = redisServerChildren();

		assertThatExceptionOfType(RuntimeException.class)
			.isThrownBy(() -> new SpringApplicationBuilder(io.github.redislock.sample.SampleApplication.class)
				.run("--server.port=0", "--spring.main.banner-mode=off", "--redis-lock.expire=0s"));

		assertThat(redisServerChildren()).isEqualTo(before);
	}

	@Test
	void disabledItStartsNothing() {
		try (RunningSample app = RunningSample.start("--sample.embedded-redis.enabled=false",
				"--management.health.redis.enabled=false")) {
			assertThat(app.context().getBeanProvider(EmbeddedRedisServer.class).getIfAvailable()).isNull();
		}
	}

	private static long redisServerChildren() {
		return ProcessHandle.current()
			.descendants()
			.filter(ProcessHandle::isAlive)
			.filter((process) -> process.info().command().orElse("").contains("redis-server"))
			.count();
	}

	private static boolean accepts(int port) {
		try (Socket socket = new Socket()) {
			socket.connect(new InetSocketAddress(EmbeddedRedisServer.HOST, port), 500);
			return true;
		}
		catch (IOException ex) {
			return false;
		}
	}

}
