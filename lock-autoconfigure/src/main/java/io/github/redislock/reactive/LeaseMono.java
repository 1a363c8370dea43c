// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.reactive;

import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

import io.github.redislock.core.LockLease;
import org.jspecify.annotations.Nullable;
import org.reactivestreams.Subscription;
import reactor.core.CoreSubscriber;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Operators;

/**
 * A lease as a {@code Mono} that never lets one go astray. Adapting the acquisition's
 * future with {@code Mono.fromFuture} loses a lease granted before the first request and
 * cancelled before it: Reactor then neither emits nor discards it, and it would be
 * renewed for good. Here the lease either reaches the subscriber, or is given back,
 * decided by one compare-and-set between emitting and cancelling.
 *
 * @author redis-lock contributors
 */
final class LeaseMono extends Mono<LockLease> {

	private final Supplier<? extends CompletionStage<Optional<LockLease>>> acquisition;

	LeaseMono(Supplier<? extends CompletionStage<Optional<LockLease>>> acquisition) {
		this.acquisition = acquisition;
	}

	@Override
	public void subscribe(CoreSubscriber<? super LockLease> actual) {
		LeaseSubscription subscription = new LeaseSubscription(actual);
		actual.onSubscribe(subscription);
		subscription.start(this.acquisition);
	}

	private static final class LeaseSubscription implements Subscription {

		private static final int OPEN = 0;

		private static final int REQUESTED = 1;

		private static final int ENDED = 2;

		private final CoreSubscriber<? super LockLease> actual;

		/** OPEN, then REQUESTED, then ENDED once emitted or cancelled. */
		private final AtomicInteger state = new AtomicInteger(OPEN);

		private volatile @Nullable CompletableFuture<Optional<LockLease>> future;

		LeaseSubscription(CoreSubscriber<? super LockLease> actual) {
			this.actual = actual;
		}

		void start(Supplier<? extends CompletionStage<Optional<LockLease>>> acquisition) {
			if (this.state.get() == ENDED) {
				return;
			}
			CompletableFuture<Optional<LockLease>> started;
			try {
				started = acquisition.get().toCompletableFuture();
			}
			catch (RuntimeException ex) {
				if (this.state.getAndSet(ENDED) != ENDED) {
					this.actual.onError(ex);
				}
				return;
			}
			this.future = started;
			if (this.state.get() == ENDED) {
				// Cancelled while the acquisition started.
				giveBack(started);
				return;
			}
			started.whenComplete((lease, failure) -> emit());
		}

		@Override
		public void request(long n) {
			if (Operators.validate(n) && this.state.compareAndSet(OPEN, REQUESTED)) {
				emit();
			}
		}

		/**
		 * Emit the outcome once it is there and requested; the one call that ends the
		 * subscription does.
		 */
		private void emit() {
			CompletableFuture<Optional<LockLease>> started = this.future;
			if (started == null || !started.isDone() || !this.state.compareAndSet(REQUESTED, ENDED)) {
				return;
			}
			Optional<LockLease> lease;
			try {
				lease = started.join();
			}
			catch (CompletionException ex) {
				this.actual.onError((ex.getCause() != null) ? ex.getCause() : ex);
				return;
			}
			catch (RuntimeException ex) {
				this.actual.onError(ex);
				return;
			}
			if (lease.isPresent()) {
				this.actual.onNext(lease.get());
			}
			this.actual.onComplete();
		}

		@Override
		public void cancel() {
			if (this.state.getAndSet(ENDED) == ENDED) {
				return;
			}
			CompletableFuture<Optional<LockLease>> started = this.future;
			if (started != null) {
				giveBack(started);
			}
		}

		/**
		 * Give back what the acquisition obtains: cancelling it gives back a lock granted
		 * later, and a lease granted already reached nobody. A cancel racing
		 * {@link #start} may get here twice for one acquisition, which costs nothing: a
		 * lease's release runs once and answers later calls with its outcome.
		 */
		private static void giveBack(CompletableFuture<Optional<LockLease>> started) {
			started.cancel(false);
			started.thenAccept((lease) -> lease.ifPresent(LockLease::release));
		}

	}

}
