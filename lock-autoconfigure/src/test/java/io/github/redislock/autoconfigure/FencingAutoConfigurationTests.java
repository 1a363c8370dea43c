// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.autoconfigure;

import java.time.Duration;

import javax.sql.DataSource;

import io.github.redislock.fencing.FencedJdbcTemplate;
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
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link FencingAutoConfiguration} offers a {@link FencedJdbcTemplate} over the
 * application's data source or {@link JdbcClient}, and a {@link FencedRedisTemplate} over
 * its {@link StringRedisTemplate}, each only where the choice is unambiguous. Connection
 * factories connect lazily, so none of these needs a running Redis.
 *
 * @author redis-lock contributors
 */
class FencingAutoConfigurationTests {

	private final ApplicationContextRunner jdbc = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(FencingAutoConfiguration.class));

	private final ApplicationContextRunner redis = new ApplicationContextRunner().withConfiguration(AutoConfigurations
		.of(SpringBootAutoConfigurations.redis(), RedisLockAutoConfiguration.class, FencingAutoConfiguration.class));

	@Test
	void applicationWithOneDataSourceGetsATemplateWithTheDefaultFenceColumn() {
		this.jdbc.withBean(DataSource.class, FencingAutoConfigurationTests::h2)
			.run((context) -> assertThat(context).getBean(FencedJdbcTemplate.class)
				.extracting(FencedJdbcTemplate::getFenceColumn)
				.isEqualTo(FencedJdbcTemplate.DEFAULT_FENCE_COLUMN));
	}

	@Test
	void refusedUpdatesWaitForTheRaiseAsLongAsTheFencingPropertySays() {
		this.jdbc.withBean(DataSource.class, FencingAutoConfigurationTests::h2)
			.run((context) -> assertThat(context).getBean(FencedJdbcTemplate.class)
				.extracting(FencedJdbcTemplate::getRaiseTimeout)
				.isEqualTo(FencedJdbcTemplate.DEFAULT_RAISE_TIMEOUT));
		this.jdbc.withBean(DataSource.class, FencingAutoConfigurationTests::h2)
			.withPropertyValues("redis-lock.fencing.raise-timeout=250ms")
			.run((context) -> assertThat(context).getBean(FencedJdbcTemplate.class)
				.extracting(FencedJdbcTemplate::getRaiseTimeout)
				.isEqualTo(Duration.ofMillis(250)));
	}

	@Test
	void aRaiseTimeoutThatIsNotPositiveStopsStartUp() {
		this.jdbc.withBean(DataSource.class, FencingAutoConfigurationTests::h2)
			.withPropertyValues("redis-lock.fencing.raise-timeout=0")
			.run((context) -> {
				assertThat(context).hasFailed();
				assertThat(context.getStartupFailure()).rootCause()
					.hasMessageContaining("redis-lock.fencing.raise-timeout must be positive");
			});
	}

	@Test
	void applicationJdbcClientIsTheOneTheTemplateUses() {
		JdbcClient client = JdbcClient.create(h2());
		this.jdbc.withBean(DataSource.class, FencingAutoConfigurationTests::h2)
			.withBean(JdbcClient.class, () -> client)
			.run((context) -> assertThat(context.getBean(FencedJdbcTemplate.class))
				.hasFieldOrPropertyWithValue("jdbcClient", client));
	}

	@Test
	void springBootsDataSourceIsEnough() {
		this.jdbc
			.withConfiguration(AutoConfigurations.of(SpringBootAutoConfigurations.present(
					"org.springframework.boot.autoconfigure.jdbc.DataSourceAutoConfiguration",
					"org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration")))
			.withPropertyValues("spring.datasource.generate-unique-name=true")
			.run((context) -> assertThat(context).hasSingleBean(FencedJdbcTemplate.class));
	}

	@Test
	void applicationFencedJdbcTemplateReplacesTheAutoConfiguredOne() {
		FencedJdbcTemplate own = new FencedJdbcTemplate(h2()).withFenceColumn("last_token");
		this.jdbc.withBean(DataSource.class, FencingAutoConfigurationTests::h2)
			.withBean(FencedJdbcTemplate.class, () -> own)
			.run((context) -> assertThat(context).getBean(FencedJdbcTemplate.class).isSameAs(own));
	}

	@Test
	void noDataSourceOrSeveralMeanNoFencedJdbcTemplate() {
		this.jdbc.run((context) -> assertThat(context).doesNotHaveBean(FencedJdbcTemplate.class));
		this.jdbc.withBean("one", DataSource.class, FencingAutoConfigurationTests::h2)
			.withBean("two", DataSource.class, FencingAutoConfigurationTests::h2)
			.run((context) -> assertThat(context).doesNotHaveBean(FencedJdbcTemplate.class));
	}

	@Test
	void withoutSpringJdbcThereIsNoFencedJdbcTemplate() {
		this.jdbc.withBean(DataSource.class, FencingAutoConfigurationTests::h2)
			.withClassLoader(new FilteredClassLoader(JdbcClient.class))
			.run((context) -> assertThat(context).doesNotHaveBean(FencedJdbcTemplate.class));
	}

	@Test
	void fencesWritesThroughTheApplicationsStringRedisTemplate() {
		this.redis.run((context) -> assertThat(context).hasSingleBean(FencedRedisTemplate.class));
	}

	@Test
	void applicationFencedRedisTemplateReplacesTheAutoConfiguredOne() {
		this.redis.withUserConfiguration(OwnFencedTemplate.class)
			.run((context) -> assertThat(context).getBean(FencedRedisTemplate.class)
				.isSameAs(context.getBean(OwnFencedTemplate.class).template));
	}

	@Test
	void noStringRedisTemplateMeansNoFencedRedisTemplate() {
		new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(FencingAutoConfiguration.class))
			.run((context) -> assertThat(context).doesNotHaveBean(FencedRedisTemplate.class));
	}

	@Test
	void twoStringRedisTemplatesLeaveTheChoiceOpenAndNoFencedRedisTemplate() {
		this.redis.withUserConfiguration(TwoTemplates.class)
			.run((context) -> assertThat(context).doesNotHaveBean(FencedRedisTemplate.class));
	}

	@Test
	void withoutSpringDataRedisThereIsNoFencedRedisTemplate() {
		this.redis.withClassLoader(new FilteredClassLoader(StringRedisTemplate.class))
			.run((context) -> assertThat(context).doesNotHaveBean(FencedRedisTemplate.class));
	}

	@Test
	void noFencedRedisTemplateWhenLocksAreDisabled() {
		this.redis.withPropertyValues("redis-lock.enabled=false")
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

	private static DataSource h2() {
		return new DriverManagerDataSource("jdbc:h2:mem:fenced-autoconfiguration");
	}

}
