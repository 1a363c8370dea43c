// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.interceptor;

import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;

import io.github.redislock.annotation.LockContext;
import io.github.redislock.core.LockOperations;
import io.github.redislock.core.LockDefinition;
import io.github.redislock.core.LockLease;
import io.github.redislock.reactive.LeaseGuard;
import org.aopalliance.intercept.MethodInvocation;
import org.jspecify.annotations.Nullable;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.aop.ProxyMethodInvocation;

/**
 * Holds the lock of a {@code Mono} or {@code Flux} method, without blocking, from each
 * subscription until the publisher ends. The lease rides in the Reactor context
 * ({@link LockContext#heldLease}), so nested methods on the same lock name run under it.
 *
 * @author redis-lock contributors
 */
final class ReactiveLocking {

	private final Supplier<LockOperations> locks;

	private final LockReleaser releaser;

	ReactiveLocking(Supplier<LockOperations> locks, LockReleaser releaser) {
		this.locks = locks;
		this.releaser = releaser;
	}

	/**
	 * The lock name is made now, on the caller's thread, where a customizer reads the
	 * caller's context; the lock is asked for on subscription.
	 */
	Object invoke(MethodInvocation invocation, LockDefinition definition, Class<?> returnType,
			NotAcquired notAcquired) {
		String name;
		Supplier<CompletionStage<Optional<LockLease>>> acquisition;
		try {
			name = this.locks.get().lockName(definition.name());
			acquisition = this.locks.get().tryAcquireLater(definition);
		}
		catch (RuntimeException ex) {
			return failed(ex, returnType);
		}
		Flux<Object> locked = Flux.deferContextual((context) -> {
			LockLease outer = LockContext.heldLease(context, name);
			// A clone per subscription: proceeding one invocation twice would skip the
			// interceptors after this one.
			MethodInvocation call = (invocation instanceof ProxyMethodInvocation proxied) ? proxied.invocableClone()
					: invocation;
			if (outer != null) {
				return work(call, outer);
			}
			return LeaseGuard.holding(acquire(acquisition), (lease) -> work(call, lease), this::release);
		}).onErrorResume(Busy.class, (ex) -> answer(notAcquired));
		return (returnType == Mono.class) ? locked.singleOrEmpty() : locked;
	}

	/**
	 * A call that failed before its lock was asked for errs as the publisher, where its
	 * subscriber looks for every other failure.
	 */
	static Object failed(Throwable failure, Class<?> returnType) {
		return (returnType == Mono.class) ? Mono.error(failure) : Flux.error(failure);
	}

	private Mono<LockLease> acquire(Supplier<CompletionStage<Optional<LockLease>>> acquisition) {
		return LeaseGuard.acquire(acquisition).switchIfEmpty(Mono.error(Busy::new));
	}

	private Flux<Object> work(MethodInvocation call, LockLease lease) {
		Object result;
		LockContext previous = LockContext.bind(lease);
		try {
			result = call.proceed();
		}
		catch (Throwable ex) {
			return Flux.error(ex);
		}
		finally {
			LockContext.restore(previous);
		}
		if (result == null) {
			return Flux.empty();
		}
		@SuppressWarnings("unchecked")
		Flux<Object> work = Flux.from((Publisher<Object>) result);
		if (this.releaser.endsReactiveWorkOnLoss()) {
			work = LeaseGuard.endOnLoss(lease, work);
		}
		return work.contextWrite((context) -> LockContext.withLease(context, lease));
	}

	private Mono<Void> release(LockLease lease) {
		return Mono.fromCompletionStage(lease::release).onErrorResume((ex) -> {
			RuntimeException replaced = this.releaser.outcome(lease.getName(), null, LockReleaser.runtime(ex), null);
			return (replaced != null) ? Mono.error(replaced) : Mono.empty();
		});
	}

	private static Publisher<Object> answer(NotAcquired notAcquired) {
		Object answer;
		try {
			answer = notAcquired.answer();
		}
		catch (Throwable ex) {
			return Flux.error(ex);
		}
		if (answer == null) {
			return Flux.empty();
		}
		@SuppressWarnings("unchecked")
		Publisher<Object> publisher = (Publisher<Object>) answer;
		return publisher;
	}

	/** Answers a subscription whose lock was not acquired. */
	@FunctionalInterface
	interface NotAcquired {

		@Nullable Object answer() throws Throwable;

	}

	/** The lock stayed busy for the whole wait; never seen outside. */
	private static final class Busy extends RuntimeException {

		Busy() {
			super("Lock not acquired", null, false, false);
		}

	}

}
