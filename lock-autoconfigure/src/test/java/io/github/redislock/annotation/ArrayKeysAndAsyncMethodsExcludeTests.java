// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.annotation;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.redislock.testsupport.RedisServerExtension;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.scheduling.annotation.Async;
import org.springframework.scheduling.annotation.EnableAsync;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two shapes of locked method that once ran unprotected, now proven to exclude across two
 * application instances with a non-atomic read-modify-write: a key built from an array
 * ({@code #root.args}, a {@code long[]}: both give the lock {@code [7, 8]} here), whose
 * text used to be an identity hash that differed on every call, and an {@code @Async}
 * method returning a future, which holds the lock on the executor's thread around its
 * whole work.
 *
 * @author redis-lock contributors
 */
class ArrayKeysAndAsyncMethodsExcludeTests {

	private static final int THREADS = 8;

	private static final int CALLS_PER_THREAD = 25;

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	private static LockApplications applications;

	private static List<ConfigurableApplicationContext> instances;

	@BeforeAll
	static void startTwoInstances() {
		applications = new LockApplications(redis.standalone());
		instances = List.of(applications.start(Counting.class), applications.start(Counting.class));
	}

	@AfterAll
	static void stopInstances() {
		applications.close();
	}

	@BeforeEach
	void reset() {
		Counter.reset();
	}

	@Test
	void callsWhoseKeysAreEqualArraysExcludeEachOther() throws Exception {
		ConcurrentWorkers.run(THREADS, (t) -> {
			Counter counter = instances.get(t % 2).getBean(Counter.class);
			return () -> {
				for (int i = 0; i < CALLS_PER_THREAD; i++) {
					if (i % 2 == 0) {
						counter.byArray(new long[] { 7, 8 });
					}
					else {
						counter.byArgs(7, 8);
					}
				}
			};
		});
		assertThat(Counter.mostAtOnce()).isEqualTo(1);
		assertThat(Counter.value()).isEqualTo(THREADS * CALLS_PER_THREAD);
		assertThat(applications.lockKeys()).isEmpty();
	}

	@Test
	void asyncMethodsHoldTheLockAroundTheirWorkOnTheExecutorThread() throws Exception {
		ConcurrentWorkers.run(THREADS, (t) -> {
			Counter counter = instances.get(t % 2).getBean(Counter.class);
			return () -> {
				List<CompletableFuture<Integer>> calls = new ArrayList<>();
				for (int i = 0; i < CALLS_PER_THREAD; i++) {
					calls.add(counter.async("sku"));
				}
				for (CompletableFuture<Integer> call : calls) {
					call.get(1, TimeUnit.MINUTES);
				}
			};
		});
		assertThat(Counter.mostAtOnce()).isEqualTo(1);
		assertThat(Counter.value()).isEqualTo(THREADS * CALLS_PER_THREAD);
		assertThat(applications.lockKeys()).isEmpty();
	}

	static class Counter {

		private static final AtomicInteger inside = new AtomicInteger();

		private static final AtomicInteger mostAtOnce = new AtomicInteger();

		private static volatile int value;

		static void reset() {
			value = 0;
			mostAtOnce.set(0);
		}

		static int value() {
			return value;
		}

		static int mostAtOnce() {
			return mostAtOnce.get();
		}

		@RedisLock(key = "#ids", waitTime = 60)
		public void byArray(long[] ids) {
			increment();
		}

		@RedisLock(key = "#root.args", waitTime = 60)
		public void byArgs(long first, long second) {
			increment();
		}

		@Async
		@RedisLock(key = "'async:' + #sku", waitTime = 60)
		public CompletableFuture<Integer> async(String sku) {
			return CompletableFuture.completedFuture(increment());
		}

		/**
		 * A read, a yield and a write: without exclusion, calls overlap and lose updates.
		 */
		private static int increment() {
			mostAtOnce.accumulateAndGet(inside.incrementAndGet(), Math::max);
			try {
				int read = value;
				Thread.yield();
				value = read + 1;
				return read + 1;
			}
			finally {
				inside.decrementAndGet();
			}
		}

	}

	@Configuration(proxyBeanMethods = false)
	@EnableAsync
	static class Counting {

		@Bean
		Counter counter() {
			return new Counter();
		}

	}

}
