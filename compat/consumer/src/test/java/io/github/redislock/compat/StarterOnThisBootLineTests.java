// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.compat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import io.github.redislock.core.LockOperations;
import io.github.redislock.testsupport.RedisFixture;
import io.github.redislock.testsupport.RedisNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.DisabledIfSystemProperty;

import org.springframework.aop.support.AopUtils;
import org.springframework.boot.SpringBootVersion;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.WebApplicationType;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.connection.jedis.JedisConnectionFactory;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The starter on the Spring Boot line this build runs on: it starts, locks (two threads
 * exclude each other, with Lettuce and with Jedis), and
 * {@code redis-lock.enabled=false} turns everything off.
 *
 * @author redis-lock contributors
 */
@Timeout(120)
@DisabledIfSystemProperty(named = "expect.refusal", matches = "true")
class StarterOnThisBootLineTests {

	private static final int THREADS = 2;

	private static final int CALLS = 50;

	private static RedisFixture fixture;

	private static RedisNode redis;

	@BeforeAll
	static void startRedis() {
		fixture = new RedisFixture();
		redis = fixture.standalone();
		System.out.println("Spring Boot " + SpringBootVersion.getVersion());
	}

	@AfterAll
	static void stopRedis() {
		fixture.close();
	}

	@Test
	void twoThreadsExcludeEachOther() throws Exception {
		try (ConfigurableApplicationContext context = start()) {
			assertThat(context.getBean(RedisConnectionFactory.class)).isInstanceOf(LettuceConnectionFactory.class);
			assertExclusion(context);
		}
	}

	@Test
	void twoThreadsExcludeEachOtherWithJedis() throws Exception {
		try (ConfigurableApplicationContext context = start("spring.data.redis.client-type=jedis")) {
			assertThat(context.getBean(RedisConnectionFactory.class)).isInstanceOf(JedisConnectionFactory.class);
			assertExclusion(context);
		}
	}

	private static void assertExclusion(ConfigurableApplicationContext context) throws Exception {
		ConsumerApplication.Counter counter = context.getBean(ConsumerApplication.Counter.class);
		assertThat(AopUtils.isAopProxy(counter)).as("the locked bean is proxied").isTrue();
		ExecutorService threads = Executors.newFixedThreadPool(THREADS);
		try {
			List<Future<?>> calls = new ArrayList<>();
			for (int t = 0; t < THREADS; t++) {
				calls.add(threads.submit(() -> {
					for (int i = 0; i < CALLS; i++) {
						counter.increment("shared");
					}
					return null;
				}));
			}
			for (Future<?> call : calls) {
				call.get(60, TimeUnit.SECONDS);
			}
		}
		finally {
			threads.shutdownNow();
		}
		assertThat(counter.value()).isEqualTo(THREADS * CALLS);
		assertThat(counter.mostInside()).isOne();
	}

	@Test
	void disabledTurnsEverythingOff() {
		try (ConfigurableApplicationContext context = start("redis-lock.enabled=false")) {
			assertThat(context.getBeanProvider(LockOperations.class).getIfAvailable()).isNull();
			assertThat(AopUtils.isAopProxy(context.getBean(ConsumerApplication.Counter.class))).isFalse();
		}
	}

	private static ConfigurableApplicationContext start(String... properties) {
		List<String> all = new ArrayList<>(List.of("spring.data.redis.host=" + redis.host(),
				"spring.data.redis.port=" + redis.port()));
		all.addAll(List.of(properties));
		return new SpringApplicationBuilder(ConsumerApplication.class).web(WebApplicationType.NONE)
			.properties(all.toArray(String[]::new))
			.run();
	}

}
