// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.observation;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.redislock.annotation.RedisLock;
import io.github.redislock.testsupport.RedisNode;
import io.github.redislock.testsupport.RedisServerExtension;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
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
 * Two instances of an application with a {@code @Scheduled @RedisLock} job, each with a
 * {@link SimpleMeterRegistry}: the instance that runs a tick counts it in
 * {@code redis.lock.job.runs}, the other counts the same tick in
 * {@code redis.lock.job.skips} as {@code ran-elsewhere}; a tick fired while the job still
 * runs from an earlier tick on the other instance counts as {@code busy}.
 *
 * @author redis-lock contributors
 */
@Timeout(60)
class JobMetersCountRunsAndSkipsByReasonTests {

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	private RedisNode server;

	@BeforeEach
	void start() {
		this.server = redis.standalone();
		this.server.command("FLUSHALL");
	}

	@Test
	void aTickIsCountedAsARunWhereItRanAndAsRanElsewhereOnTheInstanceThatSkippedIt() {
		try (ConfigurableApplicationContext first = MeteredApplication.start(this.server, HourlyApplication.class)) {
			MeterRegistry firstMeters = first.getBean(MeterRegistry.class);
			await().atMost(Duration.ofSeconds(20)).until(() -> count(runs(firstMeters, "hourly-report")) == 1);
			try (ConfigurableApplicationContext second = MeteredApplication.start(this.server,
					HourlyApplication.class)) {
				MeterRegistry secondMeters = second.getBean(MeterRegistry.class);
				await().atMost(Duration.ofSeconds(20))
					.until(() -> count(skips(secondMeters, "hourly-report", "ran-elsewhere")) == 1);

				assertThat(count(runs(secondMeters, "hourly-report"))).isZero();
				assertThat(count(skips(secondMeters, "hourly-report", "busy"))).isZero();
				assertThat(count(skips(firstMeters, "hourly-report", "ran-elsewhere"))).isZero();
				assertThat(first.getBean(Hourly.class).runs() + second.getBean(Hourly.class).runs()).isEqualTo(1);
			}
		}
	}

	@Test
	void aTickFiredWhileTheJobStillRunsOnAnotherInstanceIsCountedAsBusy() throws Exception {
		try (ConfigurableApplicationContext first = MeteredApplication.start(this.server, SlowApplication.class)) {
			Slow firstJob = first.getBean(Slow.class);
			try {
				assertThat(firstJob.entered().await(20, TimeUnit.SECONDS)).isTrue();
				try (ConfigurableApplicationContext second = MeteredApplication.start(this.server,
						SlowApplication.class)) {
					MeterRegistry secondMeters = second.getBean(MeterRegistry.class);

					await().atMost(Duration.ofSeconds(20))
						.until(() -> count(skips(secondMeters, "slow-report", "busy")) >= 1);

					assertThat(count(runs(secondMeters, "slow-report"))).isZero();
					assertThat(second.getBean(Slow.class).entered().getCount()).as("never ran on the second").isOne();
					assertThat(count(runs(first.getBean(MeterRegistry.class), "slow-report"))).isOne();
				}
			}
			finally {
				firstJob.proceed().countDown();
			}
		}
	}

	private static Counter runs(MeterRegistry meters, String name) {
		return meters.find(LockMeters.JOB_RUNS).tag("name", name).counter();
	}

	private static Counter skips(MeterRegistry meters, String name, String reason) {
		return meters.find(LockMeters.JOB_SKIPS).tag("name", name).tag("reason", reason).counter();
	}

	private static double count(Counter counter) {
		return (counter != null) ? counter.count() : 0;
	}

	static class Hourly {

		private final AtomicInteger runs = new AtomicInteger();

		int runs() {
			return this.runs.get();
		}

		@Scheduled(fixedRate = 1, timeUnit = TimeUnit.HOURS)
		@RedisLock(key = "'hourly-report'", label = "hourly-report")
		public void run() {
			this.runs.incrementAndGet();
		}

	}

	static class Slow {

		private final CountDownLatch entered = new CountDownLatch(1);

		private final CountDownLatch proceed = new CountDownLatch(1);

		/**
		 * A method: the bean is a class-based proxy, whose fields are not the target's.
		 */
		CountDownLatch entered() {
			return this.entered;
		}

		CountDownLatch proceed() {
			return this.proceed;
		}

		/** Runs until told to go on, while its scheduler fires every 300 ms. */
		@Scheduled(fixedRate = 300, timeUnit = TimeUnit.MILLISECONDS)
		@RedisLock(key = "'slow-report'", label = "slow-report")
		public void run() throws InterruptedException {
			this.entered.countDown();
			this.proceed.await(30, TimeUnit.SECONDS);
		}

	}

	@Configuration(proxyBeanMethods = false)
	@EnableScheduling
	static class HourlyApplication {

		@Bean
		SimpleMeterRegistry meterRegistry() {
			return new SimpleMeterRegistry();
		}

		@Bean
		Hourly hourly() {
			return new Hourly();
		}

	}

	@Configuration(proxyBeanMethods = false)
	@EnableScheduling
	static class SlowApplication {

		@Bean
		SimpleMeterRegistry meterRegistry() {
			return new SimpleMeterRegistry();
		}

		@Bean
		Slow slow() {
			return new Slow();
		}

	}

}
