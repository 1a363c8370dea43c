// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.annotation;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import io.github.redislock.testsupport.RedisNode;
import io.github.redislock.testsupport.RedisServerExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Measures, without asserting it, how long after its lock key is deleted in Redis a
 * {@code @RedisLock} method running with {@code lost-lease-action=interrupt} sees the
 * interrupt; run on demand only (its name is not a test's), see docs/benchmarks.md:
 * {@code ./mvnw -o -pl lock-autoconfigure test -Dtest=LossToInterruptMeasurement}.
 *
 * @author redis-lock contributors
 */
class LossToInterruptMeasurement {

	/** Renewed every third of it: 100 ms. */
	private static final long LEASE_MILLIS = 300;

	private static final int WARM_UP = 30;

	private static final int MEASURED = 300;

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	@Test
	void measureLossToInterrupt() throws Exception {
		RedisNode server = redis.standalone();
		ExecutorService callers = Executors.newSingleThreadExecutor();
		try (LockApplications applications = new LockApplications(server)) {
			ConfigurableApplicationContext instance = applications.start(Measured.class,
					"redis-lock.lost-lease-action=interrupt");
			Worker worker = instance.getBean(Worker.class);
			List<Long> micros = new ArrayList<>();
			for (int i = 0; i < WARM_UP + MEASURED; i++) {
				Run run = new Run();
				String name = "measured-" + i;
				Future<?> call = callers.submit(() -> {
					worker.work(name, run);
					return null;
				});
				assertThat(run.entered.await(10, TimeUnit.SECONDS)).isTrue();
				long deletedAt = System.nanoTime();
				server.command("DEL", "lock:{" + name + "}");
				assertThat(run.interrupted.await(10, TimeUnit.SECONDS)).isTrue();
				if (i >= WARM_UP) {
					micros.add(TimeUnit.NANOSECONDS.toMicros(run.interruptedAt - deletedAt));
				}
				try {
					call.get(10, TimeUnit.SECONDS);
				}
				catch (java.util.concurrent.ExecutionException ex) {
					// LockLostException, as expected.
				}
			}
			Collections.sort(micros);
			System.out.printf(
					"loss-to-interrupt, lease %d ms, renewal every %d ms, %d runs after %d warm-up: "
							+ "median %.1f ms, p90 %.1f ms, p99 %.1f ms, max %.1f ms%n",
					LEASE_MILLIS, LEASE_MILLIS / 3, MEASURED, WARM_UP, at(micros, 0.50), at(micros, 0.90),
					at(micros, 0.99), micros.get(micros.size() - 1) / 1000.0);
		}
		finally {
			callers.shutdownNow();
		}
	}

	private static double at(List<Long> sorted, double quantile) {
		return sorted.get((int) Math.min(sorted.size() - 1, Math.ceil(quantile * sorted.size()) - 1)) / 1000.0;
	}

	static final class Run {

		final CountDownLatch entered = new CountDownLatch(1);

		final CountDownLatch interrupted = new CountDownLatch(1);

		volatile long interruptedAt;

	}

	static class Worker {

		@RedisLock(key = "#name", expire = LEASE_MILLIS, timeUnit = TimeUnit.MILLISECONDS, waitTime = 0)
		public void work(String name, Run run) throws InterruptedException {
			run.entered.countDown();
			try {
				new CountDownLatch(1).await(10, TimeUnit.SECONDS);
			}
			catch (InterruptedException ex) {
				run.interruptedAt = System.nanoTime();
				run.interrupted.countDown();
				throw ex;
			}
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class Measured {

		@Bean
		Worker worker() {
			return new Worker();
		}

	}

}
