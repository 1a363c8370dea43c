// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.autoconfigure;

import java.io.IOException;
import java.net.ServerSocket;
import java.util.Map;

import io.github.redislock.annotation.RedisLock;
import io.github.redislock.core.LockOperations;
import io.github.redislock.interceptor.RedisLockAnnotationAutoConfiguration;
import io.github.redislock.store.LockStore;
import org.junit.jupiter.api.Test;

import org.springframework.aot.generate.ClassNameGenerator;
import org.springframework.aot.generate.DefaultGenerationContext;
import org.springframework.aot.generate.InMemoryGeneratedFiles;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.aot.ApplicationContextAotGenerator;
import org.springframework.core.env.MapPropertySource;
import org.springframework.javapoet.ClassName;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Ahead-of-time processing (the build's {@code spring-boot:process-aot}) of an
 * application with a {@code @RedisLock} bean creates neither the lock store nor the lock
 * client: determining the locked bean's proxy type asks the advisor for its interceptor,
 * which must not connect to Redis, nor wait for one, at build time.
 *
 * @author redis-lock contributors
 */
class AheadOfTimeProcessingConnectsToNoRedisTests {

	@Test
	void aheadOfTimeProcessingCreatesNoLockStore() throws IOException {
		AnnotationConfigApplicationContext context = new AnnotationConfigApplicationContext();
		context.getEnvironment()
			.getPropertySources()
			.addFirst(new MapPropertySource("test", Map.of("spring.data.redis.host", "127.0.0.1",
					"spring.data.redis.port", closedPort(), "spring.data.redis.connect-timeout", "5s")));
		context.register(LockedApplication.class);
		DefaultGenerationContext generationContext = new DefaultGenerationContext(
				new ClassNameGenerator(ClassName.get(AheadOfTimeProcessingConnectsToNoRedisTests.class)),
				new InMemoryGeneratedFiles());
		new ApplicationContextAotGenerator().processAheadOfTime(context, generationContext);
		assertThat(context.getBeanNamesForType(LockStore.class, false, false)).isNotEmpty();
		for (String name : context.getBeanNamesForType(LockStore.class, false, false)) {
			assertThat(context.getBeanFactory().containsSingleton(name)).as(name).isFalse();
		}
		for (String name : context.getBeanNamesForType(LockOperations.class, false, false)) {
			assertThat(context.getBeanFactory().containsSingleton(name)).as(name).isFalse();
		}
	}

	private static String closedPort() throws IOException {
		try (ServerSocket socket = new ServerSocket(0)) {
			return String.valueOf(socket.getLocalPort());
		}
	}

	@Configuration(proxyBeanMethods = false)
	@ImportRedisAutoConfiguration
	@ImportAutoConfiguration({ RedisLockAutoConfiguration.class, RedisLockAnnotationAutoConfiguration.class })
	static class LockedApplication {

		@Bean
		Orders orders() {
			return new Orders();
		}

	}

	static class Orders {

		@RedisLock(key = "'order:' + #id")
		public String place(String id) {
			return id;
		}

	}

}
