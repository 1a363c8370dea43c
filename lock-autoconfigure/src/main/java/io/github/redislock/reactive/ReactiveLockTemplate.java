// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.reactive;

import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import java.util.function.Supplier;

import io.github.redislock.annotation.LockContext;
import io.github.redislock.core.LockClient;
import io.github.redislock.core.LockAcquisitionException;
import io.github.redislock.core.LockDefinition;
import io.github.redislock.core.LockLease;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.util.Assert;

/**
 * Locks for reactive code, over a {@link LockClient}: nothing blocks, and each
 * subscription takes the lock anew. Cancelling a subscription while it waits abandons the
 * wait; while it holds, releases the lock. <pre class="code">
 * Flux&lt;Order&gt; orders = locks.execute(definition, (lease) -&gt; repository.placeAll(batch));
 * </pre>
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
public class ReactiveLockTemplate {

	private final LockClient client;

	/**
	 * Create a template.
	 * @param client the client that takes the locks
	 */
	public ReactiveLockTemplate(LockClient client) {
		Assert.notNull(client, "LockClient must not be null");
		this.client = client;
	}

	/**
	 * Acquire the lock on subscription, waiting up to the definition's wait time. The
	 * subscriber owns the lease and must release it, also when one of its operators drops
	 * it (a {@code timeout} that fires as it arrives), with
	 * {@code doOnDiscard(LockLease.class, LockLease::release)}. Cancelling while the lock
	 * is awaited gives back a lock granted meanwhile. The lock name is made when this
	 * method is called, on its thread, where a {@code LockNameCustomizer} reads the
	 * caller's context, whichever thread subscribes.
	 * @param definition the lock to acquire
	 * @return the lease, or empty if the lock stayed busy
	 */
	public Mono<LockLease> acquire(LockDefinition definition) {
		Assert.notNull(definition, "LockDefinition must not be null");
		Supplier<CompletionStage<Optional<LockLease>>> acquisition;
		try {
			acquisition = this.client.tryAcquireLater(definition);
		}
		catch (RuntimeException ex) {
			return Mono.error(ex);
		}
		return LeaseGuard.acquire(acquisition);
	}

	/**
	 * Run the work once the lock is held, and release the lock when the work completes,
	 * errs or is cancelled. The lease rides in the work's Reactor context, where
	 * {@link LockContext#currentLease()} finds it. A lease lost while the work runs ends
	 * it with the {@code LockLostException}; a release that finds it lost errs with it.
	 * @param <T> the element type
	 * @param definition the lock to hold
	 * @param work the work, given the lease
	 * @return the work's elements; an error {@link LockAcquisitionException} if the lock
	 * stayed busy for the whole wait time (the work did not start)
	 */
	public <T> Flux<T> execute(LockDefinition definition, Function<? super LockLease, ? extends Publisher<T>> work) {
		Assert.notNull(definition, "LockDefinition must not be null");
		Assert.notNull(work, () -> "Work to run under lock '" + definition.name() + "' must not be null");
		return LeaseGuard.holding(
				acquire(definition).switchIfEmpty(
						Mono.error(() -> new LockAcquisitionException(definition.name(), definition.waitTime()))),
				(lease) -> LeaseGuard.endOnLoss(lease, Flux.defer(() -> work.apply(lease)))
					.contextWrite((context) -> LockContext.withLease(context, lease)),
				(lease) -> Mono.fromCompletionStage(lease::release));
	}

}
