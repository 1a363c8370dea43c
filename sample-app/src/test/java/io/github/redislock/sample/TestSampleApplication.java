// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.sample;

import org.springframework.boot.SpringApplication;

/**
 * Runs the sample on a developer's machine, with a Redis of its own:
 * {@code ./mvnw -B -pl sample-app -am spring-boot:test-run}. It is
 * {@link SampleApplication}'s {@code main} plus {@link DevelopmentRedis}, as Spring Boot
 * runs development-time services. The sample's main code reads only
 * {@code spring.data.redis.*}, as an application deployed next to a real Redis does;
 * finding a Redis for a machine that has none is a development concern, so it lives on
 * the test classpath.
 *
 * @author redis-lock contributors
 */
public final class TestSampleApplication {

	private TestSampleApplication() {
	}

	public static void main(String[] args) {
		withDevelopmentRedis().run(args);
	}

	/**
	 * Return the sample's {@code main} augmented with the development Redis.
	 * @return the application to run
	 */
	static SpringApplication.Augmented withDevelopmentRedis() {
		return SpringApplication.from(SampleApplication::main).with(DevelopmentRedis.class);
	}

}
