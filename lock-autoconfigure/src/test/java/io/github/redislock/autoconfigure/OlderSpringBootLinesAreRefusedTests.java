// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.autoconfigure;

import io.github.redislock.core.InvalidLockConfigurationException;
import org.junit.jupiter.api.Test;

import org.springframework.boot.SpringBootVersion;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatNoException;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * The starter refuses, with a message that names the minimum, to start on a Spring Boot
 * line older than it supports, and starts on every supported one (CI runs a consumer
 * application on Spring Boot 3.2 to see the refusal for real).
 *
 * @author redis-lock contributors
 */
class OlderSpringBootLinesAreRefusedTests {

	@Test
	void linesOlderThanTheMinimumAreRefusedNamingTheMinimum() {
		for (String version : new String[] { "3.2.12", "3.0.0", "2.7.18", "3.2.0-SNAPSHOT" }) {
			assertThatExceptionOfType(InvalidLockConfigurationException.class)
				.isThrownBy(() -> StartUpChecks.checkSpringBoot(version))
				.withMessageContaining("needs Spring Boot 3.3 or later")
				.withMessageContaining("runs Spring Boot " + version);
		}
	}

	@Test
	void supportedLinesPass() {
		for (String version : new String[] { "3.3.0", "3.4.10", "3.5.16", "4.0.9", "4.1.0-RC1", "4.2.0-SNAPSHOT",
				"10.0.0" }) {
			assertThatNoException().isThrownBy(() -> StartUpChecks.checkSpringBoot(version));
		}
	}

	@Test
	void anUnreadableVersionIsLetThrough() {
		assertThatNoException().isThrownBy(() -> StartUpChecks.checkSpringBoot(null));
		assertThatNoException().isThrownBy(() -> StartUpChecks.checkSpringBoot("custom-build"));
	}

	@Test
	void theRunningLineIsChecked() {
		assertThat(SpringBootVersion.getVersion()).as("the version this build runs is readable").isNotNull();
		new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(RedisLockAutoConfiguration.class))
			.run((context) -> assertThat(context).hasNotFailed());
	}

	@Test
	void theFailureAnalysisSaysWhatToUpgrade() {
		Throwable failure = catchThrowable(() -> StartUpChecks.checkSpringBoot("3.2.12"));
		FailureAnalysis analysis = new InvalidLockConfigurationFailureAnalyzer().analyze(failure);
		assertThat(analysis.getDescription()).contains("3.2.12").contains("3.3");
		assertThat(analysis.getAction()).contains("Upgrade the application to Spring Boot 3.3 or later");
	}

}
