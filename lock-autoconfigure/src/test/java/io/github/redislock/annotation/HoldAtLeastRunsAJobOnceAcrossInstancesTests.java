// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.annotation;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.redislock.core.LockAcquisitionException;
import io.github.redislock.testsupport.RedisServerExtension;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * A method with {@code holdAtLeast} that returns at once, called on one instance and then
 * on another a moment later, as a job triggered on every instance is: it runs once, since
 * the lock stays taken after the first run returned. Without it, both run.
 *
 * @author redis-lock contributors
 */
class HoldAtLeastRunsAJobOnceAcrossInstancesTests {

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	private static LockApplications applications;

	@BeforeAll
	static void startApplications() {
		applications = new LockApplications(redis.standalone());
	}

	@AfterAll
	static void closeApplications() {
		applications.close();
	}

	@Test
	void aQuickJobCalledOnTwoInstancesRunsOnceWithHoldAtLeastAndTwiceWithout() {
		ConfigurableApplicationContext first = applications.start(Application.class);
		ConfigurableApplicationContext second = applications.start(Application.class);
		Jobs firstJobs = first.getBean(Jobs.class);
		Jobs secondJobs = second.getBean(Jobs.class);

		firstJobs.held();
		assertThatExceptionOfType(LockAcquisitionException.class).isThrownBy(secondJobs::held)
			.satisfies((ex) -> assertThat(ex.getLockName()).isEqualTo("held-job"));
		assertThat(firstJobs.runs() + secondJobs.runs()).as("runs with holdAtLeast").isEqualTo(1);

		firstJobs.released();
		secondJobs.released();
		assertThat(firstJobs.releasedRuns() + secondJobs.releasedRuns()).as("runs without holdAtLeast").isEqualTo(2);
	}

	@Configuration(proxyBeanMethods = false)
	static class Application {

		@Bean
		Jobs jobs() {
			return new Jobs();
		}

	}

	static class Jobs {

		private final AtomicInteger runs = new AtomicInteger();

		private final AtomicInteger releasedRuns = new AtomicInteger();

		int runs() {
			return this.runs.get();
		}

		int releasedRuns() {
			return this.releasedRuns.get();
		}

		@RedisLock(key = "'held-job'", waitTime = 0, holdAtLeast = 1500, timeUnit = TimeUnit.MILLISECONDS)
		public void held() {
			this.runs.incrementAndGet();
		}

		@RedisLock(key = "'released-job'", waitTime = 0)
		public void released() {
			this.releasedRuns.incrementAndGet();
		}

	}

}
