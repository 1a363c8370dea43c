// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.reactive;

import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

import io.github.redislock.core.LockLease;
import org.jspecify.annotations.Nullable;
import org.reactivestreams.Subscription;
import reactor.core.CoreSubscriber;
import reactor.core.publisher.Hooks;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Operators;
import reactor.util.Logger;
import reactor.util.Loggers;

/**
 * A lease as a {@code Mono} that never strands one, as {@code Mono.fromFuture} does one
 * granted before the first request and cancelled before it, renewing it for good. One
 * compare-and-set decides between reaching the subscriber and being given back; a lease
 * that reached an operator which then drops it (a {@code timeout} that fired as it came)
 * is released by a hook on Reactor's dropped values.
 *
 * @author redis-lock contributors
 */
final class LeaseMono extends Mono<LockLease> {

	/** What Reactor logs a dropped value with when no hook is set. */
	private static final Logger droppedLogger = Loggers.getLogger(Operators.class);

	private static final AtomicBoolean droppedLeasesReleased = new AtomicBoolean();

	private final Supplier<? extends CompletionStage<Optional<LockLease>>> acquisition;

	LeaseMono(Supplier<? extends CompletionStage<Optional<LockLease>>> acquisition) {
		this.acquisition = acquisition;
	}

	/**
	 * Reactor's hook is cumulative and global, so it is added once; the values it is
	 * given that are not leases are logged as Reactor logs them without a hook.
	 */
	private static void releaseDroppedLeases() {
		if (droppedLeasesReleased.compareAndSet(false, true)) {
			Hooks.onNextDropped((dropped) -> {
				if (dropped instanceof LockLease lease) {
					lease.release();
				}
				else if (droppedLogger.isDebugEnabled()) {
					droppedLogger.debug("onNextDropped: " + dropped);
				}
			});
		}
	}

	@Override
	public void subscribe(CoreSubscriber<? super LockLease> actual) {
		releaseDroppedLeases();
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
		 * Runs when the outcome arrives and when requested: the later of the two emits.
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
			catch (RuntimeException ex) {
				this.actual.onError((ex instanceof CompletionException && ex.getCause() != null) ? ex.getCause() : ex);
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
		 * Cancelling the acquisition gives back a lock granted later; a lease granted
		 * already is released here. A cancel racing {@link #start} may get here twice,
		 * which is harmless: a lease's release runs once.
		 */
		private static void giveBack(CompletableFuture<Optional<LockLease>> started) {
			started.cancel(false);
			started.thenAccept((lease) -> lease.ifPresent(LockLease::release));
		}

	}

}
