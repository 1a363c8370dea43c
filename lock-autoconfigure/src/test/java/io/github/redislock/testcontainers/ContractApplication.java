// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.testcontainers;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.redislock.annotation.LockContext;
import io.github.redislock.annotation.RedisLock;
import io.github.redislock.core.LockClient;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * The application under contract: what a user's Spring Boot service looks like, with
 * auto-configuration and {@code @RedisLock} methods, and nothing about Redis but what a
 * {@code @ServiceConnection} container brings.
 *
 * @author redis-lock contributors
 */
@SpringBootConfiguration(proxyBeanMethods = false)
@EnableAutoConfiguration
class ContractApplication {

	/**
	 * The short lease of the renewal and lease-expiry contracts, in milliseconds.
	 */
	static final long SHORT_LEASE_MILLIS = 500;

	/**
	 * How long {@link LockedWork#tryBriefly} waits, in milliseconds.
	 */
	static final long BRIEF_WAIT_MILLIS = 300;

	/**
	 * How long {@link LockedWork#outwait} waits, in milliseconds: three short leases.
	 */
	static final long THREE_LEASES_MILLIS = 3 * SHORT_LEASE_MILLIS;

	/**
	 * How long {@link LockedWork#enterPatiently} waits, in seconds.
	 */
	static final long PATIENT_WAIT_SECONDS = 30;

	@Bean
	LockedCounter lockedCounter(StringRedisTemplate redis) {
		return new LockedCounter(redis);
	}

	@Bean
	LockedWork lockedWork(LockClient client) {
		return new LockedWork(client);
	}

	@Bean
	NestedWork nestedWork(LockedWork work) {
		return new NestedWork(work);
	}

	/**
	 * A counter in Redis incremented by a non-atomic read, then write: only the lock
	 * keeps two increments from reading the same value. It also counts how many
	 * increments run at once across every instance in this JVM.
	 */
	static class LockedCounter {

		private static final AtomicInteger inside = new AtomicInteger();

		private static final AtomicInteger mostInside = new AtomicInteger();

		private final StringRedisTemplate redis;

		LockedCounter(StringRedisTemplate redis) {
			this.redis = redis;
		}

		@RedisLock(key = "'counter:' + #key", waitTime = 60)
		public void increment(String key) {
			mostInside.accumulateAndGet(inside.incrementAndGet(), Math::max);
			try {
				String read = this.redis.opsForValue().get(key);
				int value = (read != null) ? Integer.parseInt(read) : 0;
				// Widens the window between read and write, as real work would.
				Thread.yield();
				this.redis.opsForValue().set(key, Integer.toString(value + 1));
			}
			finally {
				inside.decrementAndGet();
			}
		}

		static int mostAtOnce() {
			return mostInside.get();
		}

		static void resetMostAtOnce() {
			mostInside.set(0);
		}

	}

	/**
	 * Locked methods that report what they saw inside the lock.
	 */
	static class LockedWork {

		private final LockClient client;

		private final AtomicInteger briefCalls = new AtomicInteger();

		LockedWork(LockClient client) {
			this.client = client;
		}

		@RedisLock(key = "#name", waitTime = 10)
		public void hold(String name, CountDownLatch entered, CountDownLatch finish) {
			entered.countDown();
			await(finish);
		}

		@RedisLock(key = "#name", expire = SHORT_LEASE_MILLIS, timeUnit = TimeUnit.MILLISECONDS, waitTime = 0)
		public void holdRenewed(String name, CountDownLatch entered, CountDownLatch finish) {
			entered.countDown();
			await(finish);
		}

		@RedisLock(key = "#name", expire = SHORT_LEASE_MILLIS, timeUnit = TimeUnit.MILLISECONDS, waitTime = 0,
				renew = false)
		public void holdPastLease(String name, CountDownLatch entered, CountDownLatch finish) {
			entered.countDown();
			await(finish);
		}

		@RedisLock(key = "#name", waitTime = BRIEF_WAIT_MILLIS, timeUnit = TimeUnit.MILLISECONDS)
		public void tryBriefly(String name) {
			this.briefCalls.incrementAndGet();
		}

		@RedisLock(key = "#name", waitTime = THREE_LEASES_MILLIS, timeUnit = TimeUnit.MILLISECONDS)
		public void outwait(String name) {
		}

		/**
		 * Return when the method was entered.
		 * @param name the lock name
		 * @return {@link System#nanoTime()} on entry
		 */
		@RedisLock(key = "#name", waitTime = PATIENT_WAIT_SECONDS)
		public long enterPatiently(String name) {
			return System.nanoTime();
		}

		@RedisLock(key = "#name", waitTime = 0)
		public long fencingToken(String name) {
			return LockContext.current().getFencingToken();
		}

		/**
		 * Called by {@link NestedWork#outer} while it holds the same lock.
		 * @param name the lock name
		 * @return how often this thread holds the lock
		 */
		@RedisLock(key = "#name", waitTime = 0)
		public int inner(String name) {
			return this.client.getLock(name).getHoldCount();
		}

		int holdCount(String name) {
			return this.client.getLock(name).getHoldCount();
		}

		int briefCalls() {
			return this.briefCalls.get();
		}

		private static void await(CountDownLatch finish) {
			try {
				if (!finish.await(30, TimeUnit.SECONDS)) {
					throw new IllegalStateException("Not told to finish within 30 s");
				}
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new IllegalStateException(ex);
			}
		}

	}

	/**
	 * Calls a locked method of another bean while holding the same lock, as nested
	 * services do.
	 */
	static class NestedWork {

		private final LockedWork work;

		NestedWork(LockedWork work) {
			this.work = work;
		}

		/**
		 * Return the hold counts seen inside the nested call and after it.
		 * @param name the lock name
		 * @return the hold count inside the inner method, then in this one after it
		 */
		@RedisLock(key = "#name", waitTime = 0)
		public int[] outer(String name) {
			int inside = this.work.inner(name);
			return new int[] { inside, this.work.holdCount(name) };
		}

	}

}
