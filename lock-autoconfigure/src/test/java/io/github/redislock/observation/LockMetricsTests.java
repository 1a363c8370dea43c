// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.observation;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import io.github.redislock.core.DistributedLock;
import io.github.redislock.core.LockClient;
import io.github.redislock.core.LockLostException;
import io.github.redislock.core.LockStoreException;
import io.github.redislock.observation.MeteredApplication.Jobs;
import io.github.redislock.testsupport.RedisNode;
import io.github.redislock.testsupport.RedisServerExtension;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.LongTaskTimer;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * The meters of a scripted run of {@code @RedisLock} calls against a real Redis, with a
 * {@link SimpleMeterRegistry} and no observation registry: {@link LockMeters} records
 * every meter itself.
 *
 * @author redis-lock contributors
 */
class LockMetricsTests {

	@RegisterExtension
	final RedisServerExtension redis = new RedisServerExtension();

	private RedisNode server;

	private ConfigurableApplicationContext context;

	private MeterRegistry meters;

	private Jobs jobs;

	private final List<ExecutorService> holders = new ArrayList<>();

	@BeforeEach
	void start() {
		this.server = this.redis.standalone();
		this.context = MeteredApplication.start(this.server, Registries.class, "spring.data.redis.timeout=1s",
				"redis-lock.shutdown.timeout=0s");
		this.meters = this.context.getBean(MeterRegistry.class);
		this.jobs = this.context.getBean(Jobs.class);
	}

	@AfterEach
	void stop() {
		this.context.close();
		this.holders.forEach(ExecutorService::shutdownNow);
	}

	@Test
	void anAcquiredLockIsTimedUnderItsLabelNotItsKey() {
		this.jobs.run("1");
		this.jobs.run("2");
		assertThat(acquire("job", "acquired", "none").count()).isEqualTo(2);
		assertThat(held("job", "released").count()).isEqualTo(2);
		assertThat(this.meters.find("redis.lock.acquire").tag("name", "job:1").meters()).isEmpty();
		assertThat(this.meters.get("redis.lock.held.active").tag("name", "job").longTaskTimer().activeTasks()).isZero();
	}

	@Test
	void aBusyLockAnsweredByTheFallbackCountsAsNotAcquiredAndAsAFallback() throws Exception {
		DistributedLock lock = this.context.getBean(LockClient.class).getLock("job:7");
		// A thread of its own that outlives the checks: the lock of an ended thread is
		// freed.
		ExecutorService holder = Executors.newSingleThreadExecutor();
		this.holders.add(holder);
		holder.submit(lock::lock).get(10, TimeUnit.SECONDS);
		assertThat(this.jobs.runUnlessBusy("7")).isEqualTo("busy:7");
		assertThat(acquire("job", "not_acquired", "none").count()).isEqualTo(1);
		assertThat(this.meters.get("redis.lock.fallbacks").tag("name", "job").counter().count()).isEqualTo(1);
		assertThat(this.meters.get("redis.lock.acquire").tag("name", "programmatic").timer().count())
			.as("the programmatic lock taken to make it busy")
			.isEqualTo(1);
	}

	@Test
	void anAcquisitionThatRedisFailsIsAnError() {
		this.server.stop();
		assertThatExceptionOfType(LockStoreException.class).isThrownBy(() -> this.jobs.run("1"));
		Timer errors = this.meters.get("redis.lock.acquire").tag("name", "job").tag("outcome", "error").timer();
		assertThat(errors.count()).isEqualTo(1);
		assertThat(errors.getId().getTag("error")).isNotEqualTo("none");
		assertThat(this.meters.find("redis.lock.held").timers()).isEmpty();
	}

	@Test
	void aLeaseFoundLostAtReleaseIsCountedAndEndsTheHoldAsLost() {
		assertThatExceptionOfType(LockLostException.class).isThrownBy(() -> this.jobs.loseLock("1"));
		assertThat(this.meters.get("redis.lock.lost").tag("name", "lost").counter().count()).isEqualTo(1);
		assertThat(held("lost", "lost").count()).isEqualTo(1);
	}

	@Test
	void theHeldLongTaskTimerShowsAHoldWhileTheMethodRunsAndNoneAfter() throws Exception {
		// The same meter as the one the locks use, made before the first hold.
		LongTaskTimer active = LongTaskTimer.builder("redis.lock.held.active")
			.tag("name", "Jobs.holdUntilTold")
			.register(this.meters);
		CompletableFuture<Void> call = CompletableFuture.runAsync(() -> {
			try {
				this.jobs.holdUntilTold("1");
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		});
		assertThat(this.jobs.entered().await(10, TimeUnit.SECONDS)).isTrue();
		assertThat(active.activeTasks()).isEqualTo(1);
		// Leases of 1.5 s are renewed every 500 ms.
		await().atMost(Duration.ofSeconds(5)).until(() -> {
			Counter renewed = this.meters.find("redis.lock.renewals").tag("outcome", "renewed").counter();
			return renewed != null && renewed.count() >= 2;
		});
		this.jobs.proceed().countDown();
		call.get(10, TimeUnit.SECONDS);
		assertThat(active.activeTasks()).isZero();
		assertThat(held("Jobs.holdUntilTold", "released").count()).isEqualTo(1);
		assertThat(this.meters.find("redis.lock.renewals").tag("outcome", "failed").counter()).isNull();
	}

	@Test
	void aLockHandedToAnotherThreadOfTheInstanceEndsOneHoldAndStartsAnother() throws Exception {
		try (ConfigurableApplicationContext handingOff = MeteredApplication.start(this.server, Registries.class,
				"redis-lock.local-handoffs=5")) {
			MeterRegistry registry = handingOff.getBean(MeterRegistry.class);
			LockClient client = handingOff.getBean(LockClient.class);
			DistributedLock first = client.getLock("shared", "shared");
			first.lock();
			CompletableFuture<Void> second = CompletableFuture.runAsync(() -> {
				DistributedLock lock = client.getLock("shared", "shared");
				lock.lock();
				lock.unlock();
			});
			await().atMost(Duration.ofSeconds(10))
				.until(() -> LongTaskTimer.builder("redis.lock.acquire.active")
					.tag("name", "shared")
					.register(registry)
					.activeTasks() == 1);
			first.unlock();
			second.get(10, TimeUnit.SECONDS);
			assertThat(registry.get("redis.lock.acquire").tag("name", "shared").timer().count()).isEqualTo(2);
			assertThat(registry.get("redis.lock.held").tag("name", "shared").timer().count()).isEqualTo(2);
			assertThat(registry.get("redis.lock.held.active").tag("name", "shared").longTaskTimer().activeTasks())
				.isZero();
		}
	}

	private Timer acquire(String name, String outcome, String error) {
		return this.meters.get("redis.lock.acquire")
			.tag("name", name)
			.tag("outcome", outcome)
			.tag("error", error)
			.timer();
	}

	private Timer held(String name, String outcome) {
		return this.meters.get("redis.lock.held")
			.tag("name", name)
			.tag("outcome", outcome)
			.tag("error", "none")
			.timer();
	}

	@Configuration(proxyBeanMethods = false)
	static class Registries {

		@Bean
		SimpleMeterRegistry meterRegistry() {
			return new SimpleMeterRegistry();
		}

	}

}
