// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.compat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

import org.springframework.boot.SpringBootVersion;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * On a Spring Boot line older than the starter supports, the application does not start,
 * and says which line it needs. Run by {@code .ci/compat} on such a line only.
 *
 * @author redis-lock contributors
 */
@EnabledIfSystemProperty(named = "expect.refusal", matches = "true")
class StarterRefusesAnOlderBootLineTests {

	@Test
	void startUpFailsNamingTheMinimumLine() {
		System.out.println("Spring Boot " + SpringBootVersion.getVersion());
		Throwable failure = catchThrowable(
				() -> new SpringApplicationBuilder(ConsumerApplication.class).web(WebApplicationType.NONE).run());
		assertThat(failure).as("the application did not start").isNotNull();
		Throwable cause = failure;
		while (cause.getCause() != null && !String.valueOf(cause.getMessage()).contains("lock-spring-boot-starter needs")) {
			cause = cause.getCause();
		}
		assertThat(cause).hasMessageContaining("lock-spring-boot-starter needs Spring Boot 3.3 or later")
			.hasMessageContaining("runs Spring Boot " + SpringBootVersion.getVersion());
	}

}
