// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.annotation;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.redislock.core.LockAcquisitionException;
import io.github.redislock.core.LockLease;
import io.github.redislock.core.LockOperations;
import io.github.redislock.testsupport.RedisServerExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A {@code @RedisLock} method returning a {@code CompletableFuture}, whose caller is
 * interrupted just as its lock is granted, releases that lock: nobody else knows of the
 * lease, whose renewal would otherwise keep the lock held for as long as the application
 * runs.
 *
 * @author redis-lock contributors
 */
class InterruptedFutureMethodLeavesNoLockTests {

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	private LockApplications applications;

	@AfterEach
	void stop() {
		if (this.applications != null) {
			this.applications.close();
		}
	}

	@Test
	void aLockGrantedAsTheCallerIsInterruptedIsReleased() throws Exception {
		this.applications = new LockApplications(redis.standalone());
		ConfigurableApplicationContext context = this.applications
			.start(new Class<?>[] { FutureService.class, GrantedThenInterrupted.class }, "redis-lock.expire=10s");
		Thread.interrupted();

		CompletableFuture<String> answer = context.getBean(Service.class).call("k");

		assertThat(Thread.interrupted()).as("the interrupt is kept").isTrue();
		assertThat(context.getBean(GrantedThenInterrupted.class).granted).hasValue(1);
		assertThat(answer).failsWithin(Duration.ofSeconds(5))
			.withThrowableOfType(ExecutionException.class)
			.withCauseInstanceOf(LockAcquisitionException.class);
		await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> assertThat(this.applications.lockKeys()).isEmpty());
	}

	@Configuration(proxyBeanMethods = false)
	static class FutureService {

		@Bean
		Service service() {
			return new Service();
		}

	}

	static class Service {

		@RedisLock(key = "'future:' + #key", waitTime = 2)
		public CompletableFuture<String> call(String key) {
			return CompletableFuture.completedFuture(key);
		}

	}

	/**
	 * The lock operations the interceptor uses, whose acquisition reports an interrupt
	 * only once the lock was granted: the interleaving where the grant comes as the
	 * caller is interrupted, made certain.
	 */
	@Configuration(proxyBeanMethods = false)
	static class GrantedThenInterrupted implements BeanPostProcessor {

		final AtomicInteger granted = new AtomicInteger();

		@Override
		public Object postProcessAfterInitialization(Object bean, String beanName) {
			if (!(bean instanceof LockOperations operations)) {
				return bean;
			}
			return Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] { LockOperations.class },
					(proxy, method, args) -> {
						Object result;
						try {
							result = method.invoke(operations, args);
						}
						catch (InvocationTargetException ex) {
							throw ex.getCause();
						}
						if (!method.getName().equals("tryAcquireAsync")) {
							return result;
						}
						return interruptedOnceGranted((CompletionStage<?>) result);
					});
		}

		private CompletableFuture<Optional<LockLease>> interruptedOnceGranted(CompletionStage<?> acquisition) {
			InterruptedOnceDone answer = new InterruptedOnceDone();
			acquisition.whenComplete((lease, failure) -> {
				if (failure != null) {
					answer.completeExceptionally(failure);
				}
				else {
					@SuppressWarnings("unchecked")
					Optional<LockLease> granted = (Optional<LockLease>) lease;
					granted.ifPresent((held) -> this.granted.incrementAndGet());
					answer.complete(granted);
				}
			});
			return answer;
		}

	}

	/** Its {@code get()} waits until it is done, then reports an interrupt. */
	static final class InterruptedOnceDone extends CompletableFuture<Optional<LockLease>> {

		@Override
		public Optional<LockLease> get() throws InterruptedException {
			try {
				get(10, TimeUnit.SECONDS);
			}
			catch (Exception ex) {
				// Done either way: reported as an interrupt below.
			}
			throw new InterruptedException("interrupted as the lock was granted");
		}

	}

}
