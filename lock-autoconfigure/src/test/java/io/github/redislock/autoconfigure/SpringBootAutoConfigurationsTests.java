// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.autoconfigure;

import java.util.List;

import org.junit.jupiter.api.Test;

import org.springframework.boot.context.annotation.ImportCandidates;
import org.springframework.util.ClassUtils;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The imports of Spring Boot's auto-configurations that the tests use find each class on
 * the Spring Boot line the build runs on. Their names are {@code optional:}, so a name
 * that no line has would be skipped without a word, and the tests that rely on it would
 * fail far from the cause.
 *
 * @author redis-lock contributors
 */
class SpringBootAutoConfigurationsTests {

	private static final String OPTIONAL = "optional:";

	@Test
	void theRedisImportFindsTheRedisAutoConfigurationOfThisLine() {
		assertThat(presentImports(ImportRedisAutoConfiguration.class))
			.containsExactly(SpringBootAutoConfigurations.redis().getName());
	}

	@Test
	void theJdbcImportFindsEachOfItsAutoConfigurationsOnThisLine() {
		assertThat(presentImports(ImportJdbcAutoConfiguration.class)).map(ClassUtils::getShortName)
			.containsExactlyInAnyOrder("DataSourceAutoConfiguration", "DataSourceTransactionManagerAutoConfiguration",
					"JdbcTemplateAutoConfiguration", "TransactionAutoConfiguration");
	}

	private static List<String> presentImports(Class<?> annotation) {
		ClassLoader classLoader = annotation.getClassLoader();
		List<String> candidates = ImportCandidates.load(annotation, classLoader).getCandidates();
		assertThat(candidates).isNotEmpty().allMatch((name) -> name.startsWith(OPTIONAL));
		return candidates.stream()
			.map((name) -> name.substring(OPTIONAL.length()))
			.filter((name) -> ClassUtils.isPresent(name, classLoader))
			.toList();
	}

}
