// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.annotation;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;

import io.github.redislock.core.DistributedLock;
import io.github.redislock.core.LockClient;
import io.github.redislock.core.LockLostException;
import io.github.redislock.core.LockAcquisitionException;
import io.github.redislock.testsupport.RedisNode;
import io.github.redislock.testsupport.RedisServerExtension;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;
import reactor.core.scheduler.Schedulers;
import reactor.test.StepVerifier;

import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.connection.ReactiveRedisConnectionFactory;
import org.springframework.data.redis.core.ReactiveStringRedisTemplate;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;
import org.springframework.transaction.support.TransactionSynchronizationUtils;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * {@code @RedisLock} methods that return a {@code Mono}, a {@code Flux}, a
 * {@code CompletableFuture} or a {@code CompletionStage} hold their lock from before the
 * work starts until it completes, errs or is cancelled, in two application instances on
 * one Redis.
 *
 * @author redis-lock contributors
 */
class AsyncAndReactiveMethodsHoldTheLockUntilDoneTests {

	private static final Duration TIMEOUT = Duration.ofSeconds(20);

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	private static RedisNode server;

	private static LockApplications applications;

	private static List<ConfigurableApplicationContext> instances;

	@BeforeAll
	static void startTwoInstances() {
		server = redis.standalone();
		applications = new LockApplications(server);
		instances = List.of(applications.start(Counting.class), applications.start(Counting.class));
	}

	@AfterAll
	static void stopInstances() {
		applications.close();
	}

	@AfterEach
	void nothingIsLeftBehind() {
		await().atMost(TIMEOUT).untilAsserted(() -> assertThat(applications.lockKeys()).isEmpty());
	}

	private static CounterService service(int instance) {
		return instances.get(instance).getBean(CounterService.class);
	}

	@Test
	void monoFluxAndFutureMethodsOfTwoInstancesKeepACounterExact() throws Exception {
		ReactiveStringRedisTemplate redis = service(0).redis();
		redis.delete("counter").block(TIMEOUT);
		List<CompletableFuture<?>> calls = new ArrayList<>();
		for (int i = 0; i < 60; i++) {
			CounterService service = service(i % 2);
			calls.add(service.incrementMono().toFuture());
			calls.add(service.incrementTwiceFlux().collectList().toFuture());
			calls.add(service.incrementFuture());
			calls.add(service.incrementStage().toCompletableFuture());
		}
		CompletableFuture.allOf(calls.toArray(CompletableFuture[]::new)).get(120, TimeUnit.SECONDS);
		assertThat(redis.opsForValue().get("counter").block(TIMEOUT)).isEqualTo(Integer.toString(60 * 5));
	}

	@Test
	void monoHoldsTheLockUntilItCompletes() throws Exception {
		Sinks.One<String> done = Sinks.one();
		CompletableFuture<String> result = service(0).holdUntil(done.asMono()).toFuture();
		await().atMost(TIMEOUT).until(() -> applications.lockKeys().size() == 1);
		DistributedLock lock = instances.get(1).getBean(LockClient.class).getLock("held");
		assertThat(lock.tryLock(Duration.ZERO, Duration.ofSeconds(5), false)).isFalse();
		done.tryEmitValue("done");
		assertThat(result.get(20, TimeUnit.SECONDS)).isEqualTo("done");
		assertThat(applications.lockKeys()).isEmpty();
	}

	@Test
	void cancellingTheSubscriptionReleasesTheLock() {
		Disposable subscription = service(0).holdUntil(Mono.never()).subscribe();
		await().atMost(TIMEOUT).until(() -> applications.lockKeys().size() == 1);
		subscription.dispose();
		await().atMost(TIMEOUT).until(() -> applications.lockKeys().isEmpty());
	}

	@Test
	void cancellingAWaitingSubscriptionLeavesTheQueue() {
		Disposable holder = service(0).holdUntil(Mono.never()).subscribe();
		await().atMost(TIMEOUT).until(() -> applications.lockKeys().size() == 1);
		Disposable waiter = service(1).holdUntil(Mono.just("late")).subscribe();
		// Queued: the lock, the waiters hash and the queue.
		await().atMost(TIMEOUT).until(() -> applications.lockKeys().size() == 3);
		waiter.dispose();
		await().atMost(TIMEOUT).until(() -> applications.lockKeys().size() == 1);
		holder.dispose();
	}

	@Test
	void errorReleasesTheLockAndReachesTheSubscriber() {
		StepVerifier.create(service(0).holdUntil(Mono.error(new IllegalStateException("boom"))))
			.expectErrorMessage("boom")
			.verify(TIMEOUT);
		assertThat(applications.lockKeys()).isEmpty();
	}

	@Test
	void leaseLostWhileTheWorkRunsEndsItWithTheLoss() {
		StepVerifier.create(service(0).holdBriefLeaseUntil(Mono.never()))
			.then(() -> await().atMost(TIMEOUT).until(() -> applications.lockKeys().size() == 1))
			.then(() -> server.command("DEL", "lock:{brief}"))
			.expectError(LockLostException.class)
			.verify(TIMEOUT);
	}

	@Test
	void leaseFoundLostAtTheReleaseEndsTheWorkWithTheLossItself() {
		Mono<String> deletesItsLock = Mono.fromCallable(() -> {
			server.command("DEL", "lock:{held}");
			return "done";
		});
		StepVerifier.create(service(0).holdUntil(deletesItsLock)).expectError(LockLostException.class).verify(TIMEOUT);
	}

	@Test
	void callsTimedOutJustAsTheLockIsGrantedLeaveNoLockBehind() {
		for (int i = 0; i < 300; i++) {
			service(i % 2).holdUntil(Mono.just("done").delayElement(Duration.ofMillis(1)))
				.timeout(Duration.ofMillis(i % 4))
				.onErrorResume(TimeoutException.class, (ex) -> Mono.empty())
				.block(TIMEOUT);
		}
		// A lease nobody got would be renewed for good.
		await().atMost(Duration.ofSeconds(5)).until(() -> applications.lockKeys().isEmpty());
	}

	@Test
	void busyLockAnswersWithTheFallbackOrTheError() throws Exception {
		Disposable holder = service(0).holdUntil(Mono.never()).subscribe();
		await().atMost(TIMEOUT).until(() -> applications.lockKeys().size() == 1);
		StepVerifier.create(service(1).tryHold()).expectError(LockAcquisitionException.class).verify(TIMEOUT);
		StepVerifier.create(service(1).tryHoldWithFallback()).expectNext("fallback").verifyComplete();
		assertThatExceptionOfType(CompletionException.class).isThrownBy(service(1).tryHoldFuture()::join)
			.withCauseInstanceOf(LockAcquisitionException.class);
		holder.dispose();
	}

	@Test
	void reactiveWorkReadsItsFencingTokenFromTheReactorContext() {
		Long token = service(0).fencingToken().block(TIMEOUT);
		Long next = service(1).fencingToken().block(TIMEOUT);
		assertThat(token).isPositive();
		assertThat(next).isGreaterThan(token);
	}

	@Test
	void nestedReactiveMethodOnTheSameKeyRunsUnderTheOuterLease() {
		assertThat(service(0).outerThenInner().block(TIMEOUT)).isEqualTo("inner");
	}

	@Test
	void futureContextWorksOnTheThreadThatCompletesIt() throws Exception {
		long token = service(0).fencingTokenLater().get(20, TimeUnit.SECONDS);
		assertThat(token).isPositive();
	}

	@Test
	void cancelledFutureKeepsTheLockUntilTheMethodsOwnWorkCompletes() throws Exception {
		// Work the method started and that a cancel does not stop, as supplyAsync's.
		CompletableFuture<String> work = new CompletableFuture<>();
		CompletableFuture<String> result = service(0).holdFutureUntil(work);
		assertThat(applications.lockKeys()).hasSize(1);
		result.cancel(true);
		assertThat(result).isCancelled();
		assertThat(work).isNotDone();
		DistributedLock lock = instances.get(1).getBean(LockClient.class).getLock("future");
		assertThat(lock.tryLock(Duration.ofSeconds(1), Duration.ofSeconds(5), false)).isFalse();
		work.complete("done");
		await().atMost(TIMEOUT)
			.pollInSameThread()
			.until(() -> lock.tryLock(Duration.ZERO, Duration.ofSeconds(5), false));
		lock.unlock();
	}

	@Test
	void futureCalledInATransactionKeepsTheLockUntilTheTransactionCompletes() throws Exception {
		TransactionSynchronizationManager.initSynchronization();
		try {
			CompletableFuture<String> result = service(0).holdFutureUntil(CompletableFuture.completedFuture("done"));
			assertThat(result.get(20, TimeUnit.SECONDS)).isEqualTo("done");
			assertThat(applications.lockKeys()).containsExactly("lock:{future}");
			TransactionSynchronizationUtils.invokeAfterCompletion(
					TransactionSynchronizationManager.getSynchronizations(),
					TransactionSynchronization.STATUS_COMMITTED);
		}
		finally {
			TransactionSynchronizationManager.clearSynchronization();
		}
		await().atMost(TIMEOUT).until(() -> applications.lockKeys().isEmpty());
	}

	@Test
	void failedFutureReleasesTheLock() {
		CompletableFuture<String> result = service(0)
			.holdFutureUntil(CompletableFuture.failedFuture(new IllegalStateException("boom")));
		assertThatExceptionOfType(CompletionException.class).isThrownBy(result::join)
			.withCauseInstanceOf(IllegalStateException.class);
		assertThat(applications.lockKeys()).isEmpty();
	}

	static class CounterService {

		private final ReactiveStringRedisTemplate redis;

		private final ExecutorService work = Executors.newFixedThreadPool(4);

		private final AtomicReference<CounterService> self = new AtomicReference<>();

		CounterService(ReactiveStringRedisTemplate redis) {
			this.redis = redis;
		}

		public ReactiveStringRedisTemplate redis() {
			return this.redis;
		}

		void setSelf(CounterService self) {
			this.self.set(self);
		}

		/**
		 * Read, pause, write: two of these at once lose an update.
		 */
		private Mono<Integer> increment() {
			return this.redis.opsForValue()
				.get("counter")
				.defaultIfEmpty("0")
				.map(Integer::parseInt)
				.delayElement(Duration.ofMillis(1))
				.flatMap(
						(read) -> this.redis.opsForValue().set("counter", Integer.toString(read + 1)).thenReturn(read));
		}

		@RedisLock(key = "'counter'", waitTime = 60)
		public Mono<Integer> incrementMono() {
			return increment();
		}

		@RedisLock(key = "'counter'", waitTime = 60)
		public Flux<Integer> incrementTwiceFlux() {
			return increment().concatWith(increment());
		}

		@RedisLock(key = "'counter'", waitTime = 60)
		public CompletableFuture<Integer> incrementFuture() {
			return CompletableFuture.supplyAsync(() -> increment().block(TIMEOUT), this.work);
		}

		@RedisLock(key = "'counter'", waitTime = 60)
		public java.util.concurrent.CompletionStage<Integer> incrementStage() {
			return increment().subscribeOn(Schedulers.boundedElastic()).toFuture();
		}

		@RedisLock(key = "'held'", waitTime = 10)
		public Mono<String> holdUntil(Mono<String> done) {
			return done;
		}

		@RedisLock(key = "'brief'", expire = 600, timeUnit = TimeUnit.MILLISECONDS)
		public Mono<String> holdBriefLeaseUntil(Mono<String> done) {
			return done;
		}

		@RedisLock(key = "'held'", waitTime = 0)
		public Mono<String> tryHold() {
			return Mono.just("held");
		}

		@RedisLock(key = "'held'", waitTime = 0, fallback = "busy")
		public Mono<String> tryHoldWithFallback() {
			return Mono.just("held");
		}

		public Mono<String> busy() {
			return Mono.just("fallback");
		}

		@RedisLock(key = "'held'", waitTime = 0)
		public CompletableFuture<String> tryHoldFuture() {
			return CompletableFuture.completedFuture("held");
		}

		@RedisLock(key = "'fenced'")
		public Mono<Long> fencingToken() {
			return LockContext.currentLease().flatMap((lease) -> Mono.fromCompletionStage(lease.fencingToken()));
		}

		@RedisLock(key = "'nested'", waitTime = 5)
		public Mono<String> outerThenInner() {
			return Mono.defer(() -> this.self.get().inner());
		}

		@RedisLock(key = "'nested'", waitTime = 0)
		public Mono<String> inner() {
			return Mono.just("inner");
		}

		@RedisLock(key = "'fenced'")
		public CompletableFuture<Long> fencingTokenLater() {
			LockContext context = LockContext.current();
			return CompletableFuture.supplyAsync(context::getFencingToken, this.work);
		}

		@RedisLock(key = "'future'")
		public CompletableFuture<String> holdFutureUntil(CompletableFuture<String> done) {
			return done;
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class Counting {

		@Bean
		CounterService counterService(ReactiveRedisConnectionFactory connectionFactory) {
			return new CounterService(new ReactiveStringRedisTemplate(connectionFactory));
		}

		@Bean
		Object selfInjection(CounterService counterService) {
			counterService.setSelf(counterService);
			return new Object();
		}

	}

}
