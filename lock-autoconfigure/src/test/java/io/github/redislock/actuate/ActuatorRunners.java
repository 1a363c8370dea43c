// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.actuate;

import io.github.redislock.autoconfigure.RedisLockAutoConfiguration;
import io.github.redislock.autoconfigure.SpringBootAutoConfigurations;
import io.github.redislock.interceptor.RedisLockAnnotationAutoConfiguration;
import io.github.redislock.testsupport.RedisNode;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.aop.AopAutoConfiguration;
import org.springframework.boot.convert.ApplicationConversionService;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * Application contexts as an application with Actuator has them: Spring Boot's Redis
 * auto-configuration, ours and our Actuator auto-configuration, on a real Redis server,
 * with the conversion service a Spring Boot application's environment has (which reads
 * {@code read-only} as {@code Access.READ_ONLY}, say).
 *
 * @author redis-lock contributors
 */
final class ActuatorRunners {

	private ActuatorRunners() {
	}

	/**
	 * Return a runner for instances on the given server, each with its own lock client,
	 * as separate processes would have.
	 * @param server the Redis server
	 * @return the runner
	 */
	static ApplicationContextRunner on(RedisNode server) {
		return new ApplicationContextRunner()
			.withInitializer(
					(context) -> context.getEnvironment().setConversionService(new ApplicationConversionService()))
			.withConfiguration(AutoConfigurations.of(AopAutoConfiguration.class, SpringBootAutoConfigurations.redis(),
					RedisLockAutoConfiguration.class, RedisLockAnnotationAutoConfiguration.class,
					RedisLockActuatorAutoConfiguration.class))
			.withPropertyValues("spring.data.redis.host=" + RedisNode.HOST, "spring.data.redis.port=" + server.port());
	}

}
