// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.annotation;

import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.redislock.core.LockStoreException;
import io.github.redislock.testsupport.RedisNode;
import io.github.redislock.testsupport.RedisServerExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.scheduling.annotation.EnableScheduling;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.scheduling.concurrent.ThreadPoolTaskScheduler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A {@code @Scheduled @RedisLock} job whose Redis is down fails each tick loudly, to the
 * scheduler's error handler, and never runs unprotected; once Redis is back, it runs
 * again.
 *
 * @author redis-lock contributors
 */
@Timeout(60)
class ScheduledJobDoesNotRunWhenRedisIsUnreachableTests {

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	@Test
	void ticksFiredWhileRedisIsDownFailToTheSchedulerAndDoNotRunTheJob() throws Exception {
		RedisNode server = redis.standalone();
		try (LockApplications applications = new LockApplications(server)) {
			ConfigurableApplicationContext context = applications.start(Application.class,
					"spring.data.redis.timeout=500ms");
			Job job = context.getBean(Job.class);
			Errors errors = context.getBean(Errors.class);
			job.awaitRuns(1);

			server.kill();
			try {
				Throwable first = errors.next();
				assertThat(first).as("the first tick without Redis").isInstanceOf(LockStoreException.class);
				int runsWithoutRedis = job.runs();
				assertThat(errors.next()).as("the next tick without Redis").isInstanceOf(LockStoreException.class);
				assertThat(job.runs()).as("runs between two ticks that failed").isEqualTo(runsWithoutRedis);
			}
			finally {
				server.restart();
			}
			job.awaitRuns(job.runs() + 1);
		}
	}

	static class Job {

		private final AtomicInteger runs = new AtomicInteger();

		int runs() {
			return this.runs.get();
		}

		void awaitRuns(int count) {
			await().atMost(Duration.ofSeconds(20)).until(() -> this.runs.get() >= count);
		}

		@Scheduled(fixedRate = 300, timeUnit = TimeUnit.MILLISECONDS)
		@RedisLock(key = "'unreachable-report'")
		public void run() {
			this.runs.incrementAndGet();
		}

	}

	/** What the scheduler's error handler received. */
	static class Errors {

		private final BlockingQueue<Throwable> received = new LinkedBlockingQueue<>();

		Throwable next() throws InterruptedException {
			Throwable error = this.received.poll(20, TimeUnit.SECONDS);
			assertThat(error).as("an error from a tick within 20 s").isNotNull();
			return error;
		}

	}

	@Configuration(proxyBeanMethods = false)
	@EnableScheduling
	static class Application {

		@Bean
		Errors errors() {
			return new Errors();
		}

		@Bean
		ThreadPoolTaskScheduler taskScheduler(Errors errors) {
			ThreadPoolTaskScheduler scheduler = new ThreadPoolTaskScheduler();
			scheduler.setErrorHandler(errors.received::add);
			return scheduler;
		}

		@Bean
		Job job() {
			return new Job();
		}

	}

}
