// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.compat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.Lock;

import io.github.redislock.core.LockClient;
import io.github.redislock.core.LockLostException;
import io.github.redislock.testsupport.RedisFixture;
import io.github.redislock.testsupport.RedisNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.DisabledIfSystemProperty;

import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The {@code locks} endpoint and the {@code redisLock} health contribution as each
 * Spring Boot line serves them over HTTP: read-only with names masked until configured
 * otherwise, and the health contribution switched by Boot's own properties.
 *
 * @author redis-lock contributors
 */
@Timeout(120)
@DisabledIfSystemProperty(named = "expect.refusal", matches = "true")
class ActuatorOnThisBootLineTests {

	private static final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

	private static RedisFixture fixture;

	private static RedisNode redis;

	@BeforeAll
	static void startRedis() {
		fixture = new RedisFixture();
		redis = fixture.standalone();
	}

	@AfterAll
	static void stopRedis() {
		fixture.close();
	}

	@Test
	void locksEndpointReleasesALockOnlyWithUnrestrictedAccess() throws Exception {
		try (ConfigurableApplicationContext context = start()) {
			Lock lock = context.getBean(LockClient.class).getLock("order:42");
			lock.lock();
			try {
				assertThat(send(context, "GET", "/actuator/locks").statusCode()).isEqualTo(200);
				HttpResponse<String> refused = send(context, "DELETE", "/actuator/locks/order:42");
				assertThat(refused.statusCode()).as(refused.body()).isBetween(400, 499);
				assertThat(redisKeyExists("lock:{order:42}")).as("the lock is still held").isTrue();
			}
			finally {
				lock.unlock();
			}
		}
		try (ConfigurableApplicationContext context = start("management.endpoint.locks.access=unrestricted")) {
			Lock lock = context.getBean(LockClient.class).getLock("order:43");
			lock.lock();
			HttpResponse<String> released = send(context, "DELETE", "/actuator/locks/order:43");
			assertThat(released.statusCode()).as(released.body()).isEqualTo(200);
			assertThat(redisKeyExists("lock:{order:43}")).as("the lock was released").isFalse();
			// The holder is told when it releases, which also ends its hold here: the
			// context then closes without waiting for it.
			assertThatExceptionOfType(LockLostException.class).isThrownBy(lock::unlock);
		}
	}

	@Test
	void lockNamesAreMaskedUnlessShowValuesAllowsThem() throws Exception {
		for (String showValues : List.of("never", "always")) {
			try (ConfigurableApplicationContext context = start("management.endpoint.locks.show-values=" + showValues)) {
				Lock lock = context.getBean(LockClient.class).getLock("user:alice");
				lock.lock();
				try {
					String report = send(context, "GET", "/actuator/locks").body();
					if (showValues.equals("never")) {
						assertThat(report).doesNotContain("user:alice").contains("******");
					}
					else {
						assertThat(report).contains("user:alice");
					}
				}
				finally {
					lock.unlock();
				}
			}
		}
	}

	@Test
	void healthContributionFollowsBootsHealthIndicatorProperties() throws Exception {
		try (ConfigurableApplicationContext context = start()) {
			assertThat(send(context, "GET", "/actuator/health").body()).contains("\"redisLock\"");
		}
		try (ConfigurableApplicationContext context = start("management.health.redislock.enabled=false")) {
			assertThat(send(context, "GET", "/actuator/health").body()).doesNotContain("redisLock");
		}
		try (ConfigurableApplicationContext context = start("management.health.defaults.enabled=false")) {
			assertThat(send(context, "GET", "/actuator/health").body()).doesNotContain("redisLock");
		}
	}

	private static boolean redisKeyExists(String key) {
		return Long.valueOf(1).equals(redis.command("EXISTS", key));
	}

	private static HttpResponse<String> send(ConfigurableApplicationContext context, String method, String path)
			throws Exception {
		String port = context.getEnvironment().getProperty("local.server.port");
		HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
			.timeout(Duration.ofSeconds(30))
			.method(method, HttpRequest.BodyPublishers.noBody())
			.build();
		return http.send(request, HttpResponse.BodyHandlers.ofString());
	}

	private static ConfigurableApplicationContext start(String... properties) {
		List<String> all = new ArrayList<>(List.of("spring.data.redis.host=" + redis.host(),
				"spring.data.redis.port=" + redis.port(), "server.port=0", "server.address=127.0.0.1",
				"management.endpoints.web.exposure.include=locks,health",
				"management.endpoint.health.show-components=always"));
		all.addAll(List.of(properties));
		return new SpringApplicationBuilder(ConsumerApplication.class).web(WebApplicationType.SERVLET)
			.properties(all.toArray(String[]::new))
			.run();
	}

}
