// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.reactive;

import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import java.util.function.Supplier;

import io.github.redislock.core.LockLease;
import io.github.redislock.core.LockLostException;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * What a reactive holder does with its lease around its work: take it without leaving it
 * behind when the subscriber cancels, end the work when the lease is found lost, and
 * release it whichever way the work ended. Shared by {@link ReactiveLockTemplate} and the
 * {@code @RedisLock} interceptor.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
public final class LeaseGuard {

	private LeaseGuard() {
	}

	/**
	 * Acquire on subscription. Cancelling the subscription cancels the wait, and gives
	 * back a lease granted that the subscriber did not get (see {@link LeaseMono}).
	 * @param acquisition starts the acquisition
	 * @return the lease, or empty when the lock stayed busy
	 */
	public static Mono<LockLease> acquire(Supplier<? extends CompletionStage<Optional<LockLease>>> acquisition) {
		return new LeaseMono(acquisition);
	}

	/**
	 * Hold a lease around the work: acquired on subscription, released when the work
	 * completes, errs or is cancelled. A release that fails after the work completed ends
	 * the work with that failure itself ({@code usingWhen} alone would wrap it in a plain
	 * {@code RuntimeException}, out of reach of {@code LockException} handlers).
	 * @param <T> the element type
	 * @param acquisition the lease, see {@link #acquire(Supplier)}
	 * @param work the work, given the lease
	 * @param release releases the lease after the work completed
	 * @return the work's elements
	 */
	public static <T> Flux<T> holding(Mono<LockLease> acquisition,
			Function<? super LockLease, ? extends Publisher<T>> work,
			Function<? super LockLease, ? extends Mono<Void>> release) {
		return Flux.defer(() -> {
			AtomicReference<Throwable> releaseFailure = new AtomicReference<>();
			return Flux
				.<T, LockLease>usingWhen(acquisition, work, (lease) -> release.apply(lease).onErrorResume((ex) -> {
					releaseFailure.set(ex);
					return Mono.empty();
				}), LeaseGuard::releaseAfterError, LeaseGuard::releaseQuietly)
				.concatWith(Mono.defer(() -> {
					Throwable failure = releaseFailure.get();
					return (failure != null) ? Mono.error(failure) : Mono.empty();
				}));
		});
	}

	/**
	 * Let the work run while the lease holds: once it is found lost, cancel the work and
	 * end with the {@link LockLostException}.
	 * @param <T> the element type
	 * @param lease the lease
	 * @param work the work
	 * @return the guarded work
	 */
	public static <T> Flux<T> endOnLoss(LockLease lease, Publisher<T> work) {
		CompletableFuture<LockLostException> lost = lease.whenLost().toCompletableFuture();
		return Flux.from(work)
			.takeUntilOther(Mono.fromFuture(lost, true))
			.concatWith(Mono.defer(() -> lost.isDone() ? Mono.error(lost.join()) : Mono.empty()));
	}

	/** The work's failure stands, with a failed release suppressed on it. */
	private static Mono<Void> releaseAfterError(LockLease lease, Throwable failure) {
		return Mono.fromCompletionStage(lease::release).onErrorResume((ex) -> {
			failure.addSuppressed(unwrap(ex));
			return Mono.empty();
		});
	}

	/**
	 * After a cancellation nobody is left to tell of a failed release; the lock client
	 * logged it, and reported it as a loss where it was one.
	 */
	private static Mono<Void> releaseQuietly(LockLease lease) {
		return Mono.fromCompletionStage(lease::release).onErrorResume((ex) -> Mono.empty());
	}

	private static Throwable unwrap(Throwable failure) {
		return (failure instanceof CompletionException && failure.getCause() != null) ? failure.getCause() : failure;
	}

}
