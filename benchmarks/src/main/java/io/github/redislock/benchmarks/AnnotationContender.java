// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.benchmarks;

import io.github.redislock.annotation.RedisLock;
import io.github.redislock.autoconfigure.RedisLockAutoConfiguration;
import io.github.redislock.interceptor.RedisLockAnnotationAutoConfiguration;

import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * This project's lock through {@code @RedisLock} on a Spring bean, set up by Spring
 * Boot's Redis auto-configuration and ours with their defaults (30 s lease, renewal on),
 * apart from a wait time long enough for the hot-key scenarios.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
final class AnnotationContender implements Contender {

	static final String ID = "ours-annotation";

	private final ConfigurableApplicationContext context;

	private final LockedSection section;

	AnnotationContender(int port) {
		this.context = new SpringApplicationBuilder(Application.class).web(WebApplicationType.NONE)
			.logStartupInfo(false)
			.registerShutdownHook(false)
			.properties("spring.main.banner-mode=off", "spring.data.redis.host=" + BenchServer.HOST,
					"spring.data.redis.port=" + port, "redis-lock.key-prefix=bench:" + ID + ":",
					"redis-lock.wait-time=" + MAX_WAIT.toSeconds() + "s")
			.run();
		this.section = this.context.getBean(LockedSection.class);
	}

	@Override
	public String id() {
		return ID;
	}

	@Override
	public void locked(String key, Runnable section) {
		this.section.run(key, section);
	}

	@Override
	public void close() {
		this.context.close();
	}

	/**
	 * The application: Redis and lock auto-configuration and one annotated bean.
	 */
	@Configuration(proxyBeanMethods = false)
	@ImportAutoConfiguration({ RedisLockAutoConfiguration.class, RedisLockAnnotationAutoConfiguration.class })
	@ImportRedisAutoConfiguration
	static class Application {

		@Bean
		LockedSection lockedSection() {
			return new LockedSection();
		}

	}

	/**
	 * The bean whose method holds the lock named by its first argument.
	 */
	public static class LockedSection {

		@RedisLock(key = "#key")
		public void run(String key, Runnable section) {
			section.run();
		}

	}

}
