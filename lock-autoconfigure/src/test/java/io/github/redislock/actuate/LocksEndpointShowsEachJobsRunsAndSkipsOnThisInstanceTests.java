// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.actuate;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import io.github.redislock.actuate.LocksEndpoint.JobReport;
import io.github.redislock.annotation.RedisLock;
import io.github.redislock.store.LockHolder;
import io.github.redislock.testsupport.RedisNode;
import io.github.redislock.testsupport.RedisServerExtension;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.boot.actuate.endpoint.SecurityContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.scheduling.annotation.EnableScheduling;
import org.springframework.scheduling.annotation.Scheduled;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Two instances of an application with an hourly {@code @Scheduled @RedisLock} job: the
 * first runs its first tick, the second, started once it has, fires the same tick and
 * skips it. Each instance's {@code locks} endpoint shows the job with what it saw: the
 * run with this process's host and pid on the first, the skip as {@code ran-elsewhere} on
 * the second; a job not fired yet is listed with no runs, and the job's lock name is
 * masked as other lock names are, its label is not.
 *
 * @author redis-lock contributors
 */
@Timeout(60)
class LocksEndpointShowsEachJobsRunsAndSkipsOnThisInstanceTests {

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	private static RedisNode server;

	private static ApplicationContextRunner runner;

	@BeforeAll
	static void startRedis() {
		server = redis.standalone();
		runner = ActuatorRunners.on(server)
			.withPropertyValues("management.endpoints.web.exposure.include=locks")
			.withUserConfiguration(Application.class);
	}

	@BeforeEach
	void forgetEarlierTicks() {
		server.command("FLUSHALL");
	}

	@Test
	void theInstanceThatRanTheTickShowsItsRunAndTheOtherShowsItsSkipAsRanElsewhere() {
		Instant before = Instant.now();
		runner.withPropertyValues("management.endpoint.locks.show-values=always").run((first) -> {
			LocksEndpoint firstEndpoint = first.getBean(LocksEndpoint.class);
			await().atMost(Duration.ofSeconds(20)).until(() -> report(firstEndpoint).runs() == 1);
			runner.withPropertyValues("management.endpoint.locks.show-values=always").run((second) -> {
				LocksEndpoint secondEndpoint = second.getBean(LocksEndpoint.class);
				await().atMost(Duration.ofSeconds(20))
					.until(() -> report(secondEndpoint).skips().get("ran-elsewhere") == 1);

				JobReport ran = report(firstEndpoint);
				assertThat(ran.method()).contains("Reports.hourly()");
				assertThat(ran.schedule()).isEqualTo("fixed rate PT1H");
				assertThat(ran.lock()).isEqualTo("hourly-report");
				assertThat(ran.runs()).isEqualTo(1);
				assertThat(ran.skips()).isEqualTo(Map.of("ran-elsewhere", 0L, "busy", 0L));
				assertThat(ran.lastSkip()).isNull();
				assertThat(ran.lastRun()).isNotNull().satisfies((run) -> {
					assertThat(run.tick()).as("a fixed rate's tick has no nominal time").isNull();
					assertThat(Instant.parse(run.startedAt())).isBetween(before, Instant.now());
					assertThat(run.host()).isEqualTo(LockHolder.currentThread(null).host());
					assertThat(run.pid()).isEqualTo(ProcessHandle.current().pid());
					assertThat(run.thread()).isNotEqualTo(Thread.currentThread().getName());
				});

				JobReport skipped = report(secondEndpoint);
				assertThat(skipped.runs()).isZero();
				assertThat(skipped.lastRun()).isNull();
				assertThat(skipped.skips()).isEqualTo(Map.of("ran-elsewhere", 1L, "busy", 0L));
				assertThat(skipped.lastSkip()).isNotNull().satisfies((skip) -> {
					assertThat(skip.reason()).isEqualTo("ran-elsewhere");
					assertThat(Instant.parse(skip.firedAt()))
						.isAfterOrEqualTo(Instant.parse(ran.lastRun().startedAt()));
				});
				assertThat(skipped.latestTickTakenBy()).as("read from the tick's record in Redis")
					.isNotNull()
					.satisfies((holder) -> {
						assertThat(holder).containsEntry("host", ran.lastRun().host())
							.containsEntry("thread", ran.lastRun().thread())
							.containsKey("acquiredAt");
						assertThat(((Number) holder.get("pid")).longValue()).isEqualTo(ran.lastRun().pid());
					});
				assertThat(ran.latestTickTakenBy()).as("the same record").isEqualTo(skipped.latestTickTakenBy());
			});
		});
	}

	@Test
	void aJobNotFiredYetIsListedWithItsCronAndNoRuns() {
		runner.run((context) -> {
			LocksEndpoint endpoint = context.getBean(LocksEndpoint.class);
			await().atMost(Duration.ofSeconds(20)).until(() -> report(endpoint).runs() == 1);

			JobReport yearly = endpoint.locks(SecurityContext.NONE)
				.jobs()
				.stream()
				.filter((job) -> job.label().equals("Reports.yearly"))
				.findFirst()
				.orElseThrow();

			assertThat(yearly.schedule()).startsWith("cron 0 0 3 1 1 * (");
			assertThat(yearly.runs()).isZero();
			assertThat(yearly.lock()).isNull();
			assertThat(yearly.lastRun()).isNull();
			assertThat(yearly.lastSkip()).isNull();
		});
	}

	@Test
	void aJobsLockNameIsMaskedUnlessShowValuesAllowsButItsLabelIsShown() {
		runner.run((context) -> {
			LocksEndpoint endpoint = context.getBean(LocksEndpoint.class);
			await().atMost(Duration.ofSeconds(20)).until(() -> report(endpoint).runs() == 1);

			JobReport masked = report(endpoint);

			assertThat(masked.label()).isEqualTo("Reports.hourly");
			assertThat(masked.lock()).isEqualTo("******");
		});
	}

	private static JobReport report(LocksEndpoint endpoint) {
		return endpoint.locks(SecurityContext.NONE)
			.jobs()
			.stream()
			.filter((job) -> job.label().equals("Reports.hourly"))
			.findFirst()
			.orElseThrow();
	}

	static class Reports {

		@Scheduled(fixedRate = 1, timeUnit = TimeUnit.HOURS)
		@RedisLock(key = "'hourly-report'")
		public void hourly() {
		}

		@Scheduled(cron = "0 0 3 1 1 *")
		@RedisLock(key = "'yearly-report'")
		public void yearly() {
		}

	}

	@Configuration(proxyBeanMethods = false)
	@EnableScheduling
	static class Application {

		@Bean
		Reports reports() {
			return new Reports();
		}

	}

}
