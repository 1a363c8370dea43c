// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.redis;

import java.time.Duration;
import java.util.concurrent.TimeoutException;

import io.github.redislock.annotation.LockContext;
import io.github.redislock.core.DistributedLock;
import io.github.redislock.core.LockAcquisitionException;
import io.github.redislock.core.LockDefinition;
import io.github.redislock.core.LockLease;
import io.github.redislock.core.LockLostException;
import io.github.redislock.reactive.ReactiveLockTemplate;
import org.junit.jupiter.api.Test;
import org.reactivestreams.Subscription;
import reactor.core.Disposable;
import reactor.core.publisher.BaseSubscriber;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * {@link ReactiveLockTemplate} against a real Redis: a lock taken on subscription without
 * blocking, held around a publisher's work and released however it ends.
 *
 * @author redis-lock contributors
 */
class ReactiveLockTemplateTests extends RedisLockTestSupport {

	private static final Duration TIMEOUT = Duration.ofSeconds(10);

	@Test
	void workRunsHoldingTheLockWithTheLeaseInItsContextAndReleasesItAtTheEnd() {
		LockClientInstance instance = instance().start();
		ReactiveLockTemplate locks = new ReactiveLockTemplate(instance.client);
		DistributedLock other = instance().start().client.getLock("reactive:work");
		Flux<String> work = locks.execute(LockDefinition.of("reactive:work", Duration.ofSeconds(30), Duration.ZERO),
				(lease) -> LockContext.currentLease()
					.map((current) -> current.getName() + " " + (current == lease) + " " + lockKeys())
					.concatWith(Mono.fromCallable(
							() -> String.valueOf(other.tryLock(Duration.ZERO, Duration.ofSeconds(5), false)))));
		StepVerifier.create(work)
			.expectNext("reactive:work true [lock:{reactive:work}]")
			.expectNext("false")
			.verifyComplete();
		assertThat(lockKeys()).isEmpty();
	}

	@Test
	void busyLockEndsWithAnAcquisitionExceptionBeforeTheWorkStarts() throws Exception {
		LockClientInstance instance = instance().start();
		DistributedLock holder = instance().start().client.getLock("reactive:busy");
		assertThat(holder.tryLock(Duration.ZERO, Duration.ofSeconds(30), true)).isTrue();
		ReactiveLockTemplate locks = new ReactiveLockTemplate(instance.client);
		StepVerifier
			.create(locks.execute(LockDefinition.of("reactive:busy", Duration.ofSeconds(30), Duration.ofMillis(200)),
					(lease) -> Mono.error(new AssertionError("the work must not start"))))
			.expectError(LockAcquisitionException.class)
			.verify(TIMEOUT);
		holder.unlock();
	}

	@Test
	void cancelledWorkReleasesTheLock() {
		ReactiveLockTemplate locks = new ReactiveLockTemplate(instance().start().client);
		Disposable subscription = locks
			.execute(LockDefinition.of("reactive:cancel", Duration.ofSeconds(30), Duration.ZERO),
					(lease) -> Mono.never())
			.subscribe();
		await().atMost(TIMEOUT).until(() -> lockKeys().size() == 1);
		subscription.dispose();
		await().atMost(TIMEOUT).until(() -> lockKeys().isEmpty());
	}

	@Test
	void leaseLostWhileTheWorkRunsEndsItWithTheLoss() {
		ReactiveLockTemplate locks = new ReactiveLockTemplate(instance().start().client);
		StepVerifier
			.create(locks.execute(new LockDefinition("reactive:lost", Duration.ofMillis(600), Duration.ZERO, true),
					(lease) -> Mono.never()))
			.then(() -> await().atMost(TIMEOUT).until(() -> lockKeys().size() == 1))
			.then(() -> server().command("DEL", "lock:{reactive:lost}"))
			.expectError(LockLostException.class)
			.verify(TIMEOUT);
	}

	@Test
	void leaseFoundLostAtTheReleaseEndsTheWorkWithTheLossItself() {
		ReactiveLockTemplate locks = new ReactiveLockTemplate(instance().start().client);
		StepVerifier
			.create(locks.execute(LockDefinition.of("reactive:lost-at-end", Duration.ofSeconds(30), Duration.ZERO),
					(lease) -> Mono.fromCallable(() -> server().command("DEL", "lock:{reactive:lost-at-end}"))))
			.expectNext(1L)
			.expectError(LockLostException.class)
			.verify(TIMEOUT);
	}

	@Test
	void subscriptionsCancelledJustAsTheLockIsGrantedLeaveNoLockBehind() {
		ReactiveLockTemplate locks = new ReactiveLockTemplate(instance().start().client);
		LockDefinition definition = LockDefinition.of("reactive:raced", Duration.ofSeconds(30), Duration.ofSeconds(5));
		for (int i = 0; i < 300; i++) {
			locks.execute(definition, (lease) -> Mono.delay(Duration.ofMillis(1)))
				.timeout(Duration.ofMillis(i % 4))
				.onErrorResume(TimeoutException.class, (ex) -> Mono.empty())
				.blockLast(TIMEOUT);
		}
		// A lease nobody got would be renewed for good.
		await().atMost(Duration.ofSeconds(5)).until(() -> lockKeys().isEmpty());
	}

	@Test
	void leaseDroppedByATimeoutThatRacedItsGrantIsReleased() {
		ReactiveLockTemplate locks = new ReactiveLockTemplate(instance().start().client);
		LockDefinition definition = LockDefinition.of("reactive:dropped", Duration.ofSeconds(3), Duration.ofSeconds(1));
		for (int i = 0; i < 3000; i++) {
			// Timeouts around one round trip: some fire as the lease is emitted, and the
			// timeout operator drops it.
			locks.acquire(definition)
				.timeout(Duration.ofNanos(100_000 + (i % 20) * 100_000))
				.onErrorResume(TimeoutException.class, (ex) -> Mono.empty())
				.blockOptional(TIMEOUT)
				.ifPresent((lease) -> lease.release().toCompletableFuture().join());
		}
		// A dropped lease nobody can release would be renewed for good.
		await().atMost(Duration.ofSeconds(5)).until(() -> lockKeys().isEmpty());
	}

	@Test
	void acquiredLeaseCancelledBeforeItsRequestIsGivenBack() {
		ReactiveLockTemplate locks = new ReactiveLockTemplate(instance().start().client);
		BaseSubscriber<LockLease> requestsNothing = new BaseSubscriber<>() {

			@Override
			protected void hookOnSubscribe(Subscription subscription) {
			}

		};
		locks.acquire(LockDefinition.of("reactive:unrequested", Duration.ofSeconds(30), Duration.ZERO))
			.subscribe(requestsNothing);
		await().atMost(TIMEOUT).until(() -> lockKeys().size() == 1);
		requestsNothing.cancel();
		await().atMost(TIMEOUT).until(() -> lockKeys().isEmpty());
	}

	@Test
	void acquiredLeaseIsTheSubscribersToRelease() {
		ReactiveLockTemplate locks = new ReactiveLockTemplate(instance().start().client);
		LockLease lease = locks.acquire(LockDefinition.of("reactive:lease", Duration.ofSeconds(30), Duration.ZERO))
			.block(TIMEOUT);
		assertThat(lease).isNotNull();
		assertThat(locks.acquire(LockDefinition.of("reactive:lease", Duration.ofSeconds(30), Duration.ZERO))
			.blockOptional(TIMEOUT)).isEmpty();
		Mono.fromCompletionStage(lease.release()).block(TIMEOUT);
		assertThat(lockKeys()).isEmpty();
	}

}
