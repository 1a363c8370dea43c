// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.autoconfigure;

import java.util.List;

import io.github.redislock.core.LockClient;
import io.github.redislock.testsupport.RedisNode;
import io.github.redislock.testsupport.RedisServerExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A named service whose locks use the default key prefix, which every other service on
 * the same Redis shares unless it chose another, is told so in one warning at start-up
 * that names the property to set; a prefix set explicitly, even to the default, is a
 * choice and gets no warning, nor does an application without a name.
 *
 * @author redis-lock contributors
 */
@ExtendWith(OutputCaptureExtension.class)
class DefaultKeyPrefixWarnsNamedServicesOnceTests {

	private static final String WARNING = "locks under the default key prefix 'lock:'";

	@RegisterExtension
	final RedisServerExtension redis = new RedisServerExtension();

	private final ApplicationContextRunner runner = new ApplicationContextRunner().withConfiguration(
			AutoConfigurations.of(SpringBootAutoConfigurations.redis(), RedisLockAutoConfiguration.class));

	@Test
	void aNamedServiceOnTheDefaultPrefixGetsOneWarningNamingTheProperty(CapturedOutput output) {
		this.runner.withPropertyValues(connection(this.redis.standalone()))
			.withPropertyValues("spring.application.name=orders")
			.run((context) -> {
				assertThat(context).hasNotFailed().hasSingleBean(LockClient.class);
				List<String> warnings = output.getAll().lines().filter((line) -> line.contains(WARNING)).toList();
				assertThat(warnings).singleElement()
					.satisfies((line) -> assertThat(line).contains("WARN", "Application 'orders'",
							"Set redis-lock.key-prefix=orders:lock: for locks of this service only",
							"set redis-lock.key-prefix=lock: to share them on purpose"));
			});
	}

	@ParameterizedTest
	@ValueSource(strings = { "redis-lock.key-prefix=lock:", "redis-lock.key-prefix=orders:lock:",
			"redis-lock.keyPrefix=lock:" })
	void aPrefixSetExplicitlyEvenToTheDefaultIsAChoiceAndGetsNoWarning(String prefix, CapturedOutput output) {
		this.runner.withPropertyValues(connection(this.redis.standalone()))
			.withPropertyValues("spring.application.name=orders", prefix)
			.run((context) -> {
				assertThat(context).hasNotFailed().hasSingleBean(LockClient.class);
				assertThat(output.getAll()).doesNotContain("default key prefix");
			});
	}

	@Test
	void anApplicationWithoutANameGetsNoWarning(CapturedOutput output) {
		this.runner.withPropertyValues(connection(this.redis.standalone())).run((context) -> {
			assertThat(context).hasNotFailed().hasSingleBean(LockClient.class);
			assertThat(output.getAll()).doesNotContain("default key prefix");
		});
	}

	private static String[] connection(RedisNode server) {
		return new String[] { "spring.data.redis.host=" + server.host(), "spring.data.redis.port=" + server.port() };
	}

}
