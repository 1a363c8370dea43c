// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.annotation;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import io.github.redislock.core.LockKeyEvaluationException;
import io.github.redislock.core.LockNameCustomizer;
import io.github.redislock.testsupport.RedisServerExtension;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

/**
 * A {@code @RedisLock} method returning a future, a {@code Mono} or a {@code Flux} whose
 * key or condition cannot be evaluated for a call returns its result failed with the
 * {@link LockKeyEvaluationException}, where its caller looks for every other failure,
 * instead of throwing: nothing is locked and the method is not invoked. So does one whose
 * lock name a {@link LockNameCustomizer} refuses.
 *
 * @author redis-lock contributors
 */
class AsyncAndReactiveMethodsReportABadKeyThroughTheirResultTests {

	private static final Duration TIMEOUT = Duration.ofSeconds(20);

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	private static LockApplications applications;

	private static ConfigurableApplicationContext instance;

	@BeforeAll
	static void startAnInstance() {
		applications = new LockApplications(redis.standalone());
		instance = applications.start(Reports.class);
	}

	@AfterAll
	static void stopTheInstance() {
		applications.close();
	}

	@AfterEach
	void nothingWasLockedNorInvoked() {
		assertThat(applications.lockKeys()).as("lock keys").isEmpty();
		assertThat(reports().invocations()).as("invocations").isZero();
	}

	private static ReportService reports() {
		return instance.getBean(ReportService.class);
	}

	@Test
	void futureMethodWhoseKeyIsNullReturnsAFailedFuture() {
		AtomicReference<CompletableFuture<String>> result = new AtomicReference<>();
		assertThatCode(() -> result.set(reports().future(null))).doesNotThrowAnyException();
		assertThat(result.get()).failsWithin(TIMEOUT)
			.withThrowableOfType(Exception.class)
			.havingCause()
			.isInstanceOf(LockKeyEvaluationException.class)
			.withMessageContaining("evaluated to null");
	}

	@Test
	void completionStageMethodWhoseKeyIsNullReturnsAFailedStage() {
		AtomicReference<CompletionStage<String>> result = new AtomicReference<>();
		assertThatCode(() -> result.set(reports().stage(null))).doesNotThrowAnyException();
		assertThat(result.get().toCompletableFuture()).failsWithin(TIMEOUT)
			.withThrowableOfType(Exception.class)
			.havingCause()
			.isInstanceOf(LockKeyEvaluationException.class);
	}

	@Test
	void monoMethodWhoseKeyIsNullReturnsAMonoThatErrs() {
		AtomicReference<Mono<String>> result = new AtomicReference<>();
		assertThatCode(() -> result.set(reports().mono(null))).doesNotThrowAnyException();
		StepVerifier.create(result.get())
			.expectErrorSatisfies((ex) -> assertThat(ex).isInstanceOf(LockKeyEvaluationException.class)
				.hasMessageContaining("evaluated to null"))
			.verify(TIMEOUT);
	}

	@Test
	void fluxMethodWhoseKeyIsNullReturnsAFluxThatErrs() {
		AtomicReference<Flux<String>> result = new AtomicReference<>();
		assertThatCode(() -> result.set(reports().flux(null))).doesNotThrowAnyException();
		StepVerifier.create(result.get()).expectError(LockKeyEvaluationException.class).verify(TIMEOUT);
	}

	@Test
	void futureMethodWhoseConditionIsNotABooleanReturnsAFailedFuture() {
		AtomicReference<CompletableFuture<String>> result = new AtomicReference<>();
		assertThatCode(() -> result.set(reports().futureIf("report", null))).doesNotThrowAnyException();
		assertThat(result.get()).failsWithin(TIMEOUT)
			.withThrowableOfType(Exception.class)
			.havingCause()
			.isInstanceOf(LockKeyEvaluationException.class)
			.withMessageContaining("neither true nor false");
	}

	@Test
	void monoMethodWhoseConditionIsNotABooleanReturnsAMonoThatErrs() {
		AtomicReference<Mono<String>> result = new AtomicReference<>();
		assertThatCode(() -> result.set(reports().monoIf("report", null))).doesNotThrowAnyException();
		StepVerifier.create(result.get()).expectError(LockKeyEvaluationException.class).verify(TIMEOUT);
	}

	@Test
	void futureMethodWhoseLockNameTheCustomizerRefusesReturnsAFailedFuture() {
		AtomicReference<CompletableFuture<String>> result = new AtomicReference<>();
		assertThatCode(() -> result.set(reports().future("unnamed"))).doesNotThrowAnyException();
		assertThat(result.get()).failsWithin(TIMEOUT)
			.withThrowableOfType(Exception.class)
			.havingCause()
			.isInstanceOf(IllegalStateException.class)
			.withMessageContaining("LockNameCustomizer");
	}

	@Test
	void monoMethodWhoseLockNameTheCustomizerRefusesReturnsAMonoThatErrs() {
		AtomicReference<Mono<String>> result = new AtomicReference<>();
		assertThatCode(() -> result.set(reports().mono("unnamed"))).doesNotThrowAnyException();
		StepVerifier.create(result.get()).expectError(IllegalStateException.class).verify(TIMEOUT);
	}

	static class ReportService {

		private final AtomicInteger invocations = new AtomicInteger();

		public int invocations() {
			return this.invocations.get();
		}

		@RedisLock(key = "#name")
		public CompletableFuture<String> future(@Nullable String name) {
			this.invocations.incrementAndGet();
			return CompletableFuture.completedFuture("done");
		}

		@RedisLock(key = "#name")
		public CompletionStage<String> stage(@Nullable String name) {
			this.invocations.incrementAndGet();
			return CompletableFuture.completedFuture("done");
		}

		@RedisLock(key = "#name")
		public Mono<String> mono(@Nullable String name) {
			return Mono.fromSupplier(() -> {
				this.invocations.incrementAndGet();
				return "done";
			});
		}

		@RedisLock(key = "#name")
		public Flux<String> flux(@Nullable String name) {
			return Flux.defer(() -> {
				this.invocations.incrementAndGet();
				return Flux.just("done");
			});
		}

		@RedisLock(key = "#name", condition = "#locked")
		public CompletableFuture<String> futureIf(String name, @Nullable Boolean locked) {
			this.invocations.incrementAndGet();
			return CompletableFuture.completedFuture("done");
		}

		@RedisLock(key = "#name", condition = "#locked")
		public Mono<String> monoIf(String name, @Nullable Boolean locked) {
			return Mono.fromSupplier(() -> {
				this.invocations.incrementAndGet();
				return "done";
			});
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class Reports {

		@Bean
		ReportService reportService() {
			return new ReportService();
		}

		/** Gives the lock {@code unnamed} no name. */
		@Bean
		LockNameCustomizer refusingCustomizer() {
			return (name) -> name.equals("unnamed") ? "" : name;
		}

	}

}
