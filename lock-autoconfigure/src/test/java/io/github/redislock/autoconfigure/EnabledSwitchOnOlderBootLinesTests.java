// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.autoconfigure;

import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.core.annotation.MergedAnnotation;
import org.springframework.core.type.AnnotationMetadata;
import org.springframework.core.type.classreading.MetadataReader;
import org.springframework.core.type.classreading.SimpleMetadataReaderFactory;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code redis-lock.enabled} switches the locks off on every Spring Boot line, also on
 * one that lacks conditions added later. Spring Boot reads auto-configurations from their
 * class files and skips an annotation whose type it cannot load: a condition only newer
 * lines have (such as {@code @ConditionalOnBooleanProperty}, from 3.5) would vanish on
 * Boot 3.3 and 3.4, and the setting with it. The class loader below lacks those types, as
 * the older lines do.
 *
 * @author redis-lock contributors
 */
class EnabledSwitchOnOlderBootLinesTests {

	/** Condition annotations that Spring Boot 3.3 does not have. */
	private static final String[] NEWER_THAN_BOOT_3_3 = {
			"org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty",
			"org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperties",
			"org.springframework.boot.autoconfigure.condition.ConditionalOnProperties" };

	@ParameterizedTest
	@ValueSource(strings = { "io.github.redislock.autoconfigure.RedisLockAutoConfiguration$LockConfiguration",
			"io.github.redislock.interceptor.RedisLockAnnotationAutoConfiguration$AnnotationConfiguration",
			"io.github.redislock.observation.RedisLockMetricsAutoConfiguration",
			"io.github.redislock.autoconfigure.FencingAutoConfiguration$RedisConfiguration" })
	void eachConfigurationStillCarriesTheEnabledConditionWithoutNewerConditionTypes(String configuration)
			throws Exception {
		FilteredClassLoader olderBoot = new FilteredClassLoader(
				(className) -> Arrays.asList(NEWER_THAN_BOOT_3_3).contains(className));
		MetadataReader reader = new SimpleMetadataReaderFactory(olderBoot).getMetadataReader(configuration);
		AnnotationMetadata metadata = reader.getAnnotationMetadata();

		List<String> enabledConditions = metadata.getAnnotations()
			.stream()
			.filter((annotation) -> mentionsEnabled(annotation))
			.map((annotation) -> annotation.getType().getName())
			.toList();

		assertThat(enabledConditions).as("conditions on redis-lock.enabled seen by Boot 3.3").isNotEmpty();
	}

	private static boolean mentionsEnabled(MergedAnnotation<?> annotation) {
		return annotation.asMap()
			.values()
			.stream()
			.anyMatch((value) -> (value instanceof String[] names) ? Arrays.asList(names).contains("redis-lock.enabled")
					: "redis-lock.enabled".equals(value));
	}

}
