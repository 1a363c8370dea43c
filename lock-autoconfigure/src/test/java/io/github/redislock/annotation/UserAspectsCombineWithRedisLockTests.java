// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.annotation;

import java.util.ArrayList;
import java.util.List;

import io.github.redislock.testsupport.RedisServerExtension;
import org.aspectj.lang.ProceedingJoinPoint;
import org.aspectj.lang.annotation.Around;
import org.aspectj.lang.annotation.Aspect;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The {@code @RedisLock} advisor needs no AspectJ, so the starter does not bring it; an
 * application that adds {@code spring-boot-starter-aop} for {@code @Aspect} beans of its
 * own gets both: its aspect runs, and the method still runs under its lock. (This
 * module's tests have AspectJ on the classpath; the consumer application of
 * {@code .ci/compat} runs without it.)
 *
 * @author redis-lock contributors
 */
class UserAspectsCombineWithRedisLockTests {

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	private static LockApplications applications;

	@BeforeAll
	static void startApplications() {
		applications = new LockApplications(redis.standalone());
	}

	@AfterAll
	static void closeApplications() {
		applications.close();
	}

	@Test
	void aUserAspectAndTheLockBothApplyToTheSameMethod() {
		ConfigurableApplicationContext context = applications.start(Application.class);
		Audit audit = context.getBean(Audit.class);

		String result = context.getBean(Orders.class).place("u1");

		assertThat(result).isEqualTo("locked order:u1");
		assertThat(audit.calls).containsExactly("place");
	}

	@Configuration(proxyBeanMethods = false)
	static class Application {

		@Bean
		Orders orders() {
			return new Orders();
		}

		@Bean
		Audit audit() {
			return new Audit();
		}

	}

	static class Orders {

		@RedisLock(key = "'order:' + #user")
		public String place(String user) {
			return (LockContext.isActive() ? "locked " : "unlocked ") + LockContext.current().getLockName();
		}

	}

	@Aspect
	static class Audit {

		final List<String> calls = new ArrayList<>();

		@Around("execution(* io.github.redislock.annotation.UserAspectsCombineWithRedisLockTests.Orders.*(..))")
		Object record(ProceedingJoinPoint call) throws Throwable {
			this.calls.add(call.getSignature().getName());
			return call.proceed();
		}

	}

}
