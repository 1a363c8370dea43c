// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.annotation;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.redislock.interceptor.JobRuns;
import io.github.redislock.testsupport.RedisNode;
import io.github.redislock.testsupport.RedisServerExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.scheduling.annotation.EnableScheduling;
import org.springframework.scheduling.annotation.Scheduled;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Two instances fire the same tick of an hourly {@code @Scheduled @RedisLock} job, the
 * second once the first has run it and released its lock. With
 * {@code redis-lock.jobs.one-run-per-tick=false} the method is locked like any other, so
 * the second runs the tick too, and no tick is recorded in Redis; with the default, the
 * second skips it.
 *
 * @author redis-lock contributors
 */
@Timeout(60)
class OneRunPerTickOffMakesAScheduledMethodAPlainLockTests {

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	private RedisNode server;

	private LockApplications applications;

	@BeforeEach
	void start() {
		this.server = redis.standalone();
		this.server.command("FLUSHALL");
		this.applications = new LockApplications(this.server);
	}

	@AfterEach
	void close() {
		this.applications.close();
	}

	@Test
	void withOneRunPerTickOffBothInstancesRunTheTickOnceTheFirstHasFinished() {
		Report first = startAndAwaitTheFirstRun("redis-lock.jobs.one-run-per-tick=false");
		ConfigurableApplicationContext second = this.applications.start(Application.class,
				"redis-lock.jobs.one-run-per-tick=false");

		await().atMost(Duration.ofSeconds(20)).until(() -> second.getBean(Report.class).runs() == 1);

		assertThat(first.runs()).isOne();
		assertThat(this.applications.lockKeys()).as("no tick recorded").isEmpty();
		assertThat(second.getBeanProvider(JobRuns.class).getIfAvailable()).isNull();
	}

	@Test
	void withOneRunPerTickTheInstanceFiringTheSameTickAfterTheFirstFinishedSkipsIt() {
		Report first = startAndAwaitTheFirstRun();
		ConfigurableApplicationContext second = this.applications.start(Application.class);
		JobRuns secondRuns = second.getBean(JobRuns.class);

		await().atMost(Duration.ofSeconds(20))
			.until(() -> secondRuns.jobs().stream().mapToLong((job) -> job.skips().get("ran-elsewhere")).sum() == 1);

		assertThat(secondRuns.jobs()).extracting(JobRuns.Job::runs).containsExactly(0L);
		assertThat(second.getBean(Report.class).runs()).isZero();
		assertThat(first.runs()).isOne();
		assertThat(this.applications.lockKeys()).containsExactly("lock:{hourly-report:tick}");
	}

	/**
	 * Start the first instance and wait until it has run its first tick and released the
	 * job's lock.
	 */
	private Report startAndAwaitTheFirstRun(String... properties) {
		Report first = this.applications.start(Application.class, properties).getBean(Report.class);
		await().atMost(Duration.ofSeconds(20))
			.until(() -> first.runs() == 1 && !this.applications.lockKeys().contains("lock:{hourly-report}"));
		return first;
	}

	static class Report {

		private final AtomicInteger runs = new AtomicInteger();

		int runs() {
			return this.runs.get();
		}

		@Scheduled(fixedRate = 1, timeUnit = TimeUnit.HOURS)
		@RedisLock(key = "'hourly-report'")
		public void run() {
			this.runs.incrementAndGet();
		}

	}

	@Configuration(proxyBeanMethods = false)
	@EnableScheduling
	static class Application {

		@Bean
		Report report() {
			return new Report();
		}

	}

}
