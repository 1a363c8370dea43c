// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.autoconfigure;

import javax.sql.DataSource;

import io.github.redislock.fencing.FencedJdbcTemplate;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link FencedJdbcAutoConfiguration} offers a {@link FencedJdbcTemplate} over the
 * application's data source or {@link JdbcClient}, and only where one is unambiguous.
 *
 * @author redis-lock contributors
 */
class FencedJdbcAutoConfigurationTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(FencedJdbcAutoConfiguration.class));

	@Test
	void applicationWithOneDataSourceGetsATemplateWithTheDefaultFenceColumn() {
		this.runner.withBean(DataSource.class, FencedJdbcAutoConfigurationTests::h2)
			.run((context) -> assertThat(context).getBean(FencedJdbcTemplate.class)
				.extracting(FencedJdbcTemplate::getFenceColumn)
				.isEqualTo(FencedJdbcTemplate.DEFAULT_FENCE_COLUMN));
	}

	@Test
	void applicationJdbcClientIsTheOneTheTemplateUses() {
		JdbcClient client = JdbcClient.create(h2());
		this.runner.withBean(DataSource.class, FencedJdbcAutoConfigurationTests::h2)
			.withBean(JdbcClient.class, () -> client)
			.run((context) -> assertThat(context.getBean(FencedJdbcTemplate.class))
				.hasFieldOrPropertyWithValue("jdbcClient", client));
	}

	@Test
	void springBootsDataSourceIsEnough() {
		this.runner
			.withConfiguration(AutoConfigurations.of(SpringBootAutoConfigurations.present(
					"org.springframework.boot.autoconfigure.jdbc.DataSourceAutoConfiguration",
					"org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration")))
			.withPropertyValues("spring.datasource.generate-unique-name=true")
			.run((context) -> assertThat(context).hasSingleBean(FencedJdbcTemplate.class));
	}

	@Test
	void applicationTemplateReplacesTheAutoConfiguredOne() {
		FencedJdbcTemplate own = new FencedJdbcTemplate(h2()).withFenceColumn("last_token");
		this.runner.withBean(DataSource.class, FencedJdbcAutoConfigurationTests::h2)
			.withBean(FencedJdbcTemplate.class, () -> own)
			.run((context) -> assertThat(context).getBean(FencedJdbcTemplate.class).isSameAs(own));
	}

	@Test
	void noDataSourceOrSeveralMeanNoTemplate() {
		this.runner.run((context) -> assertThat(context).doesNotHaveBean(FencedJdbcTemplate.class));
		this.runner.withBean("one", DataSource.class, FencedJdbcAutoConfigurationTests::h2)
			.withBean("two", DataSource.class, FencedJdbcAutoConfigurationTests::h2)
			.run((context) -> assertThat(context).doesNotHaveBean(FencedJdbcTemplate.class));
	}

	@Test
	void withoutSpringJdbcThereIsNoTemplate() {
		this.runner.withBean(DataSource.class, FencedJdbcAutoConfigurationTests::h2)
			.withClassLoader(new FilteredClassLoader(JdbcClient.class))
			.run((context) -> assertThat(context).doesNotHaveBean(FencedJdbcTemplate.class));
	}

	private static DataSource h2() {
		return new DriverManagerDataSource("jdbc:h2:mem:fenced-autoconfiguration");
	}

}
