// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.sample;

import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.testcontainers.service.connection.ServiceConnection;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.test.context.DynamicPropertyRegistrar;

/**
 * A Redis for running the sample where none is configured: a container when Docker can
 * run the image that {@value DockerRedisImage#PROPERTY} names (by default
 * {@value DockerRedisImage#DEFAULT}), else a {@code redis-server} process started by the
 * project's test fixture (the one on the {@code PATH}, else the Redis 6.2 build shipped
 * in {@code embedded-redis}), so that a JDK is all the sample needs. Spring Boot connects
 * to the container through its service connection, and to the process through
 * {@code spring.data.redis.url}, a dynamic property that wins over the application's
 * {@code spring.data.redis.*}; either way it stops when the application context closes,
 * after the lock client that uses it.
 *
 * @author redis-lock contributors
 * @see TestSampleApplication
 */
@TestConfiguration(proxyBeanMethods = false)
public class DevelopmentRedis {

	@Configuration(proxyBeanMethods = false)
	@Conditional(DockerRedisImage.Usable.class)
	static class InContainer {

		@Bean
		@ServiceConnection(name = "redis")
		DevelopmentRedisContainer developmentRedisContainer(Environment environment) {
			return new DevelopmentRedisContainer(DockerRedisImage.name(environment));
		}

	}

	@Configuration(proxyBeanMethods = false)
	@Conditional(DockerRedisImage.Unusable.class)
	static class InProcess {

		@Bean(destroyMethod = "close")
		DevelopmentRedisProcess developmentRedisProcess(Environment environment) {
			String image = DockerRedisImage.name(environment);
			return DevelopmentRedisProcess.start(DockerRedisImage.whyUnusable(image).orElse("Docker is not used"));
		}

		/**
		 * A property rather than a connection details bean: that type moved to another
		 * package in Spring Boot 4, and the sample builds on both lines. The URL wins
		 * over the host, port, user name and password that the application may set.
		 * Spring Boot registers dynamic properties before it creates the application's
		 * singletons, so the process starts before the connection factory and stops after
		 * it.
		 */
		@Bean
		DynamicPropertyRegistrar developmentRedisUrl(DevelopmentRedisProcess redis) {
			return (registry) -> registry.add("spring.data.redis.url", redis::url);
		}

	}

}
