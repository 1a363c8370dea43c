// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.annotation;

import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;

import io.github.redislock.core.InvalidLockConfigurationException;
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
 * A locked method declared to return {@code Object} can still return a future or a stream
 * whose work runs after the lock is released; start-up cannot see that, so the call fails
 * instead of handing back work done without the lock. A completed future is a finished
 * result, and is returned.
 *
 * @author redis-lock contributors
 */
class UnfinishedWorkReturnedAsObjectFailsTheCallTests {

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	private static LockApplications applications;

	private static ConfigurableApplicationContext instance;

	@BeforeAll
	static void start() {
		applications = new LockApplications(redis.standalone());
		instance = applications.start(Returning.class);
	}

	@AfterAll
	static void stop() {
		applications.close();
	}

	@Test
	void unfinishedFutureReturnedAsObjectFailsTheCallNamingTheMethodOnceItsWorkEndedUnderTheLock() {
		Work work = instance.getBean(Work.class);
		assertThatExceptionOfType(InvalidLockConfigurationException.class).isThrownBy(work::start)
			.withMessageContaining(Work.class.getName() + ".start()")
			.withMessageContaining("returned a Future whose work had not completed");
		assertThat(Work.finished).as("the work ended before the call failed").isTrue();
		assertThat(Work.heldAtTheEnd).as("the lock was held until the work ended").isTrue();
		assertThat(applications.lockKeys()).isEmpty();
	}

	@Test
	void streamReturnedAsObjectFailsTheCall() {
		assertThatExceptionOfType(InvalidLockConfigurationException.class)
			.isThrownBy(() -> instance.getBean(Work.class).stream())
			.withMessageContaining("returned a BaseStream");
	}

	@Test
	void completedFutureReturnedAsObjectIsTheResult() {
		assertThat(instance.getBean(Work.class).completed()).isInstanceOf(CompletableFuture.class);
	}

	static class Work {

		static volatile boolean finished;

		static volatile boolean heldAtTheEnd;

		@RedisLock(key = "'unfinished'", waitTime = 0)
		public Object start() {
			return CompletableFuture.runAsync(() -> {
				try {
					Thread.sleep(300);
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
				}
				heldAtTheEnd = !applications.lockKeys().isEmpty();
				finished = true;
			});
		}

		@RedisLock(key = "'stream'", waitTime = 0)
		public Object stream() {
			return Stream.of("a").map(String::toUpperCase);
		}

		@RedisLock(key = "'completed'", waitTime = 0)
		public Object completed() {
			return CompletableFuture.completedFuture("done");
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class Returning {

		@Bean
		Work work() {
			return new Work();
		}

	}

}
