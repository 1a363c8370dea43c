// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.scheduling;

import java.time.Clock;
import java.time.Duration;

import io.github.redislock.annotation.RedisLock;
import io.github.redislock.autoconfigure.ImportRedisAutoConfiguration;
import io.github.redislock.autoconfigure.RedisLockAutoConfiguration;
import io.github.redislock.interceptor.RedisLockAnnotationAutoConfiguration;

import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.autoconfigure.aop.AopAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.scheduling.annotation.EnableScheduling;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.scheduling.annotation.SchedulingConfigurer;
import org.springframework.scheduling.concurrent.ThreadPoolTaskScheduler;
import org.springframework.scheduling.config.ScheduledTaskRegistrar;

/**
 * One application instance of
 * {@link ScheduledJobRunsOncePerTickAcrossSkewedInstancesTests}, in a JVM of its own,
 * whose scheduler's clock is offset from the host's as a skewed host's would be. Every
 * run records its tick, by this instance's clock, in Redis.
 *
 * @author redis-lock contributors
 */
public final class ScheduledJobInstance {

	static final String CRON = "*/2 * * * * *";

	static final long PERIOD_MILLIS = 2000;

	private ScheduledJobInstance() {
	}

	/**
	 * Run an instance until killed.
	 * @param args the Redis port, the clock offset in milliseconds and the instance's
	 * name
	 */
	public static void main(String[] args) {
		new SpringApplicationBuilder(Application.class).web(WebApplicationType.NONE)
			.logStartupInfo(false)
			.properties("spring.main.banner-mode=off", "spring.data.redis.host=127.0.0.1",
					"spring.data.redis.port=" + args[0], "clock-offset=" + args[1], "instance=" + args[2])
			.run();
		System.out.println("READY " + args[2]);
	}

	@Configuration(proxyBeanMethods = false)
	@ImportAutoConfiguration({ AopAutoConfiguration.class, RedisLockAutoConfiguration.class,
			RedisLockAnnotationAutoConfiguration.class })
	@ImportRedisAutoConfiguration
	@EnableScheduling
	static class Application implements SchedulingConfigurer {

		private final Jobs jobs;

		Application(Jobs jobs) {
			this.jobs = jobs;
		}

		@Bean
		static ThreadPoolTaskScheduler taskScheduler(org.springframework.core.env.Environment environment) {
			ThreadPoolTaskScheduler scheduler = new ThreadPoolTaskScheduler();
			scheduler.setPoolSize(2);
			scheduler.setClock(Clock.offset(Clock.systemDefaultZone(),
					Duration.ofMillis(environment.getRequiredProperty("clock-offset", Long.class))));
			return scheduler;
		}

		@Bean
		static Jobs jobs(StringRedisTemplate redis, ThreadPoolTaskScheduler scheduler,
				org.springframework.core.env.Environment environment) {
			return new Jobs(redis, scheduler.getClock(), environment.getRequiredProperty("instance"));
		}

		/**
		 * The control: the same job, scheduled where the starter cannot see it, so only
		 * {@code waitTime = 0} keeps instances apart.
		 */
		@Override
		public void configureTasks(ScheduledTaskRegistrar registrar) {
			registrar.addCronTask(this.jobs::control, CRON);
		}

	}

	static class Jobs {

		private final StringRedisTemplate redis;

		private final Clock clock;

		private final String instance;

		Jobs(StringRedisTemplate redis, Clock clock, String instance) {
			this.redis = redis;
			this.clock = clock;
			this.instance = instance;
		}

		@Scheduled(cron = CRON)
		@RedisLock(key = "'report'")
		public void report() {
			record("report");
		}

		@RedisLock(key = "'control'", waitTime = 0)
		public void control() {
			record("control");
		}

		private void record(String job) {
			long tick = Math.round((double) this.clock.millis() / PERIOD_MILLIS);
			this.redis.opsForList().rightPush("runs:" + job, tick + " " + this.instance);
			try {
				Thread.sleep(20);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}

	}

}
