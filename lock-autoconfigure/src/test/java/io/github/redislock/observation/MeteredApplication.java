// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.observation;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import io.github.redislock.annotation.RedisLock;
import io.github.redislock.autoconfigure.ImportRedisAutoConfiguration;
import io.github.redislock.autoconfigure.RedisLockAutoConfiguration;
import io.github.redislock.interceptor.RedisLockAnnotationAutoConfiguration;
import io.github.redislock.testsupport.RedisNode;

import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.autoconfigure.aop.AopAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * An application with {@code @RedisLock} methods for the metrics and observation tests,
 * with the lock auto-configurations and whatever registries the test adds.
 *
 * @author redis-lock contributors
 */
final class MeteredApplication {

	private MeteredApplication() {
	}

	static ConfigurableApplicationContext start(RedisNode server, Class<?> registries, String... properties) {
		return new SpringApplicationBuilder(Infrastructure.class, registries).web(WebApplicationType.NONE)
			.logStartupInfo(false)
			.registerShutdownHook(false)
			.properties("spring.main.banner-mode=off", "spring.data.redis.host=" + RedisNode.HOST,
					"spring.data.redis.port=" + server.port())
			.properties(properties)
			.run();
	}

	@Configuration(proxyBeanMethods = false)
	@ImportAutoConfiguration({ AopAutoConfiguration.class, RedisLockAutoConfiguration.class,
			RedisLockAnnotationAutoConfiguration.class, RedisLockMetricsAutoConfiguration.class })
	@ImportRedisAutoConfiguration
	static class Infrastructure {

		@Bean
		Jobs jobs(StringRedisTemplate redis) {
			return new Jobs(redis);
		}

	}

	static class Jobs {

		private final StringRedisTemplate redis;

		private final CountDownLatch entered = new CountDownLatch(1);

		private final CountDownLatch proceed = new CountDownLatch(1);

		Jobs(StringRedisTemplate redis) {
			this.redis = redis;
		}

		@RedisLock(key = "'job:' + #id", label = "job")
		String run(String id) {
			return id;
		}

		@RedisLock(key = "'job:' + #id", label = "job", waitTime = 0, fallback = "busy")
		String runUnlessBusy(String id) {
			return id;
		}

		@RedisLock(key = "'order:' + #id")
		String runUnlabelled(String id) {
			return id;
		}

		String busy(String id) {
			return "busy:" + id;
		}

		@RedisLock(key = "'job:' + #id", label = "job")
		long runWithToken(String id) {
			return io.github.redislock.annotation.LockContext.current().getFencingToken();
		}

		/**
		 * Return the latch counted down when {@link #holdUntilTold} holds its lock; a
		 * method, since the bean is a class-based proxy whose fields are not the
		 * target's.
		 */
		CountDownLatch entered() {
			return this.entered;
		}

		CountDownLatch proceed() {
			return this.proceed;
		}

		/**
		 * Holds its lock, with a lease renewed every 500 ms, until told to go on.
		 */
		@RedisLock(key = "'slow:' + #id", expire = 1500, timeUnit = TimeUnit.MILLISECONDS)
		void holdUntilTold(String id) throws InterruptedException {
			this.entered.countDown();
			if (!this.proceed.await(10, TimeUnit.SECONDS)) {
				throw new IllegalStateException("Not told to go on");
			}
		}

		/**
		 * Deletes its own lock key in Redis, as an expiry or an operator would.
		 */
		@RedisLock(key = "'lost:' + #id", label = "lost", renew = false)
		void loseLock(String id) {
			this.redis.delete("lock:{lost:" + id + "}");
		}

	}

}
