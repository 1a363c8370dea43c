// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.autoconfigure;

import io.github.redislock.fencing.FencedRedisTemplate;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link FencedRedisAutoConfiguration}. Connection factories connect lazily, so
 * none of these needs a running Redis.
 *
 * @author redis-lock contributors
 */
class FencedRedisAutoConfigurationTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(SpringBootAutoConfigurations.redis(), RedisLockAutoConfiguration.class,
				FencedRedisAutoConfiguration.class));

	@Test
	void fencesWritesThroughTheApplicationsStringRedisTemplate() {
		this.runner.run((context) -> assertThat(context).hasSingleBean(FencedRedisTemplate.class));
	}

	@Test
	void backsOffToTheApplicationsOwn() {
		this.runner.withUserConfiguration(OwnFencedTemplate.class)
			.run((context) -> assertThat(context).getBean(FencedRedisTemplate.class)
				.isSameAs(context.getBean(OwnFencedTemplate.class).template));
	}

	@Test
	void backsOffWithoutAStringRedisTemplate() {
		new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(FencedRedisAutoConfiguration.class))
			.run((context) -> assertThat(context).doesNotHaveBean(FencedRedisTemplate.class));
	}

	@Test
	void backsOffWhenTwoStringRedisTemplatesLeaveTheChoiceOpen() {
		this.runner.withUserConfiguration(TwoTemplates.class)
			.run((context) -> assertThat(context).doesNotHaveBean(FencedRedisTemplate.class));
	}

	@Test
	void backsOffWithoutSpringDataRedisOnTheClasspath() {
		this.runner.withClassLoader(new FilteredClassLoader(StringRedisTemplate.class))
			.run((context) -> assertThat(context).doesNotHaveBean(FencedRedisTemplate.class));
	}

	@Test
	void backsOffWhenLocksAreDisabled() {
		this.runner.withPropertyValues("redis-lock.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean(FencedRedisTemplate.class));
	}

	@Configuration(proxyBeanMethods = false)
	static class OwnFencedTemplate {

		final FencedRedisTemplate template = new FencedRedisTemplate(
				new StringRedisTemplate(new LettuceConnectionFactory()));

		@Bean
		FencedRedisTemplate myFencedRedisTemplate() {
			return this.template;
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class TwoTemplates {

		@Bean
		StringRedisTemplate first(RedisConnectionFactory connectionFactory) {
			return new StringRedisTemplate(connectionFactory);
		}

		@Bean
		StringRedisTemplate second(RedisConnectionFactory connectionFactory) {
			return new StringRedisTemplate(connectionFactory);
		}

	}

}
