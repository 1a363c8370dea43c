// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.annotation;

import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

import io.github.redislock.core.LockLostEvent;
import io.github.redislock.core.LockLostException;
import io.github.redislock.testsupport.RedisNode;
import io.github.redislock.testsupport.RedisServerExtension;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;
import reactor.test.StepVerifier;

import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.event.EventListener;
import org.springframework.transaction.support.TransactionSynchronizationManager;
import org.springframework.transaction.support.TransactionSynchronizationUtils;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * With {@code redis-lock.lost-lease-action=interrupt}, a {@code @RedisLock} method whose
 * lock key is deleted in Redis while it runs stops at once: its thread is interrupted,
 * its {@code CompletableFuture} is cancelled, its {@code Mono} is cancelled, and its
 * caller gets {@link LockLostException}. The other actions let the work run on, and no
 * interrupt lands after the method returned.
 *
 * @author redis-lock contributors
 */
class LostLeaseInterruptsTheWorkTests {

	private static final Duration TIMEOUT = Duration.ofSeconds(20);

	@RegisterExtension
	static final RedisServerExtension redis = new RedisServerExtension();

	private static RedisNode server;

	private static LockApplications applications;

	private static ConfigurableApplicationContext interrupting;

	private static ConfigurableApplicationContext throwing;

	private static ConfigurableApplicationContext logging;

	private static ExecutorService callers;

	@BeforeAll
	static void start() {
		server = redis.standalone();
		applications = new LockApplications(server);
		interrupting = applications.start(Jobs.class, "redis-lock.lost-lease-action=interrupt");
		throwing = applications.start(Jobs.class);
		logging = applications.start(Jobs.class, "redis-lock.lost-lease-action=log");
		callers = Executors.newCachedThreadPool();
	}

	@AfterAll
	static void stop() {
		callers.shutdownNow();
		applications.close();
	}

	@Test
	void blockingMethodIsInterruptedWhenItsLockIsDeletedAndItsCallerGetsTheLoss() throws Exception {
		Job job = interrupting.getBean(Job.class);
		Progress progress = new Progress();
		Future<String> call = callers.submit(() -> job.waitFor("interrupted", progress));
		assertThat(progress.entered.await(TIMEOUT.toSeconds(), TimeUnit.SECONDS)).isTrue();
		server.command("DEL", "lock:{interrupted}");
		assertThat(progress.interrupted.await(TIMEOUT.toSeconds(), TimeUnit.SECONDS))
			.as("the method saw an InterruptedException before it was let finish")
			.isTrue();
		assertThatExceptionOfType(ExecutionException.class)
			.isThrownBy(() -> call.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS))
			.havingCause()
			.isInstanceOf(LockLostException.class)
			.satisfies(
					(lost) -> assertThat(lost.getSuppressed()).hasAtLeastOneElementOfType(InterruptedException.class));
	}

	@Test
	void blockingMethodRunsOnWhenItsLostLeaseIsOnlyThrownAtRelease() throws Exception {
		Job job = throwing.getBean(Job.class);
		Progress progress = new Progress();
		Future<String> call = callers.submit(() -> job.waitFor("thrown", progress));
		assertThat(progress.entered.await(TIMEOUT.toSeconds(), TimeUnit.SECONDS)).isTrue();
		server.command("DEL", "lock:{thrown}");
		throwing.getBean(Losses.class).await("thrown");
		progress.finish.countDown();
		assertThatExceptionOfType(ExecutionException.class)
			.isThrownBy(() -> call.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS))
			.havingCause()
			.isInstanceOf(LockLostException.class);
		assertThat(progress.interrupted.getCount()).as("the method ran to its end uninterrupted").isOne();
	}

	@Test
	void completableFutureIsCancelledAndTheCallerFailsWithTheLossWhenItsLockIsDeleted() throws Exception {
		Job job = interrupting.getBean(Job.class);
		Progress progress = new Progress();
		CompletableFuture<String> answer = job.future("cancelled", progress);
		server.command("DEL", "lock:{cancelled}");
		assertThatExceptionOfType(ExecutionException.class)
			.isThrownBy(() -> answer.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS))
			.withCauseInstanceOf(LockLostException.class);
		// Cancelled on the thread that failed the caller's answer, right after it.
		Awaitility.await()
			.atMost(TIMEOUT)
			.untilAsserted(() -> assertThat(progress.work.get()).as("the method's own future").isCancelled());
	}

	@Test
	void completableFutureMethodIsInterruptedWhileItsBodyRunsBeforeReturningItsFuture() throws Exception {
		Job job = interrupting.getBean(Job.class);
		Progress progress = new Progress();
		Future<CompletableFuture<String>> call = callers.submit(() -> job.futureAfterWork("slow-body", progress));
		assertThat(progress.entered.await(TIMEOUT.toSeconds(), TimeUnit.SECONDS)).isTrue();
		server.command("DEL", "lock:{slow-body}");
		assertThat(progress.interrupted.await(TIMEOUT.toSeconds(), TimeUnit.SECONDS))
			.as("the body saw an InterruptedException before it was let finish")
			.isTrue();
		CompletableFuture<String> answer = call.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
		assertThatExceptionOfType(ExecutionException.class)
			.isThrownBy(() -> answer.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS))
			.withCauseInstanceOf(LockLostException.class);
	}

	@Test
	void completableFutureRunsOnWhenItsLostLeaseIsOnlyThrownAtRelease() throws Exception {
		Job job = throwing.getBean(Job.class);
		Progress progress = new Progress();
		CompletableFuture<String> answer = job.future("completed", progress);
		server.command("DEL", "lock:{completed}");
		throwing.getBean(Losses.class).await("completed");
		assertThat(answer).isNotDone();
		progress.work.get().complete("done");
		assertThatExceptionOfType(ExecutionException.class)
			.isThrownBy(() -> answer.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS))
			.withCauseInstanceOf(LockLostException.class);
	}

	@Test
	void monoIsCancelledAndEndsWithTheLossWhenItsLockIsDeleted() {
		Job job = interrupting.getBean(Job.class);
		AtomicBoolean cancelled = new AtomicBoolean();
		StepVerifier.create(job.mono("reactive", Sinks.<String>one().asMono().doOnCancel(() -> cancelled.set(true))))
			.then(() -> await().atMost(TIMEOUT).until(() -> applications.lockKeys().contains("lock:{reactive}")))
			.then(() -> server.command("DEL", "lock:{reactive}"))
			.expectError(LockLostException.class)
			.verify(TIMEOUT);
		assertThat(cancelled).isTrue();
	}

	@Test
	void monoRunsOnWhenItsLostLeaseIsOnlyLogged() {
		Job job = logging.getBean(Job.class);
		Sinks.One<String> done = Sinks.one();
		StepVerifier.create(job.mono("logged", done.asMono()))
			.then(() -> await().atMost(TIMEOUT).until(() -> applications.lockKeys().contains("lock:{logged}")))
			.then(() -> server.command("DEL", "lock:{logged}"))
			.then(() -> logging.getBean(Losses.class).await("logged"))
			.then(() -> done.tryEmitValue("done"))
			.expectNext("done")
			.verifyComplete();
	}

	@Test
	void threadIsNotInterruptedByALossFoundAfterTheMethodReturned() throws Exception {
		Job job = interrupting.getBean(Job.class);
		Thread caller = Thread.currentThread();
		TransactionSynchronizationManager.initSynchronization();
		try {
			// The lock is released once the transaction completes: still held after the
			// method returned.
			assertThat(job.quick("returned")).isEqualTo("returned");
			server.command("DEL", "lock:{returned}");
			interrupting.getBean(Losses.class).await("returned");
			await().during(Duration.ofMillis(300)).atMost(TIMEOUT).until(() -> !caller.isInterrupted());
			assertThatExceptionOfType(LockLostException.class).isThrownBy(() -> TransactionSynchronizationUtils
				.invokeAfterCommit(TransactionSynchronizationManager.getSynchronizations()));
		}
		finally {
			TransactionSynchronizationManager.clearSynchronization();
		}
		assertThat(Thread.interrupted()).as("the caller's thread was interrupted").isFalse();
	}

	/** What one call did, read by the test. */
	static final class Progress {

		final CountDownLatch entered = new CountDownLatch(1);

		final CountDownLatch interrupted = new CountDownLatch(1);

		final CountDownLatch finish = new CountDownLatch(1);

		final AtomicReference<CompletableFuture<String>> work = new AtomicReference<>();

	}

	static class Job {

		@RedisLock(key = "#name", expire = 600, timeUnit = TimeUnit.MILLISECONDS, waitTime = 0)
		public String waitFor(String name, Progress progress) throws InterruptedException {
			progress.entered.countDown();
			try {
				assertThat(progress.finish.await(TIMEOUT.toSeconds(), TimeUnit.SECONDS)).isTrue();
				return name;
			}
			catch (InterruptedException ex) {
				progress.interrupted.countDown();
				throw ex;
			}
		}

		@RedisLock(key = "#name", expire = 600, timeUnit = TimeUnit.MILLISECONDS, waitTime = 0)
		public CompletableFuture<String> future(String name, Progress progress) {
			CompletableFuture<String> work = new CompletableFuture<>();
			progress.work.set(work);
			return work;
		}

		@RedisLock(key = "#name", expire = 600, timeUnit = TimeUnit.MILLISECONDS, waitTime = 0)
		public CompletableFuture<String> futureAfterWork(String name, Progress progress) {
			progress.entered.countDown();
			try {
				assertThat(progress.finish.await(TIMEOUT.toSeconds(), TimeUnit.SECONDS)).isTrue();
				return CompletableFuture.completedFuture(name);
			}
			catch (InterruptedException ex) {
				progress.interrupted.countDown();
				Thread.currentThread().interrupt();
				return CompletableFuture.failedFuture(ex);
			}
		}

		@RedisLock(key = "#name", expire = 600, timeUnit = TimeUnit.MILLISECONDS, waitTime = 0)
		public Mono<String> mono(String name, Mono<String> done) {
			return done;
		}

		@RedisLock(key = "#name", expire = 600, timeUnit = TimeUnit.MILLISECONDS, waitTime = 0)
		public String quick(String name) {
			return name;
		}

	}

	/** The losses an instance published. */
	static class Losses {

		private final BlockingQueue<LockLostEvent> events = new LinkedBlockingQueue<>();

		@EventListener
		void lost(LockLostEvent event) {
			this.events.add(event);
		}

		void await(String name) {
			Awaitility.await()
				.atMost(TIMEOUT)
				.until(() -> this.events.stream().anyMatch((event) -> event.lockName().equals(name)));
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class Jobs {

		@Bean
		Job job() {
			return new Job();
		}

		@Bean
		Losses losses() {
			return new Losses();
		}

	}

}
