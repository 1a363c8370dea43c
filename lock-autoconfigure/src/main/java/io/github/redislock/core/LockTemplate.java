// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.core;

import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import java.util.function.Supplier;

import org.jspecify.annotations.Nullable;

import org.springframework.util.Assert;

/**
 * The {@link LockOperations} of {@link LockOperations#of(LockClient)}; users name the
 * interface only, so that the template is not a second name for it.
 *
 * @author redis-lock contributors
 */
final class LockTemplate implements LockOperations {

	private final LockClient client;

	LockTemplate(LockClient client) {
		Assert.notNull(client, "LockClient must not be null");
		this.client = client;
	}

	@Override
	public <T> T execute(LockDefinition definition, Supplier<T> action) {
		Assert.notNull(definition, "LockDefinition must not be null");
		Assert.notNull(action, () -> "Action to run under lock '" + definition.name() + "' must not be null");
		try (AcquiredLock lock = tryAcquire(definition)
			.orElseThrow(() -> new LockAcquisitionException(definition.name(), definition.waitTime()))) {
			return action.get();
		}
	}

	@Override
	public void executeWithoutResult(LockDefinition definition, Runnable action) {
		Assert.notNull(definition, "LockDefinition must not be null");
		Assert.notNull(action, () -> "Action to run under lock '" + definition.name() + "' must not be null");
		execute(definition, () -> {
			action.run();
			return null;
		});
	}

	@Override
	public Optional<AcquiredLock> tryAcquire(LockDefinition definition) {
		Assert.notNull(definition, "LockDefinition must not be null");
		DistributedLock lock = this.client.getLock(definition.name(), definition.label());
		try {
			if (lock.tryLock(definition)) {
				return Optional.of(new AcquiredLock(lock));
			}
			return Optional.empty();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new LockAcquisitionException(definition.name(), definition.waitTime(),
					"Interrupted while waiting for lock '" + definition.name() + "'", ex);
		}
	}

	/**
	 * {@inheritDoc}
	 * <p>
	 * The returned stage is the caller's to give up on (by {@code cancel} or
	 * {@code orTimeout}, say): given up while the lock is awaited, the wait ends and a
	 * lock granted meanwhile is given back without running the action; given up while the
	 * action runs, the lock is still released when the action's stage completes.
	 */
	@Override
	public <T> CompletionStage<T> executeAsync(LockDefinition definition,
			Function<? super LockLease, ? extends CompletionStage<T>> action) {
		Assert.notNull(definition, "LockDefinition must not be null");
		Assert.notNull(action, () -> "Action to run under lock '" + definition.name() + "' must not be null");
		CompletableFuture<Optional<LockLease>> acquisition = tryAcquireAsync(definition).toCompletableFuture();
		CompletableFuture<T> outcome = new CompletableFuture<>();
		outcome.whenComplete((result, failure) -> acquisition.cancel(false));
		// On the acquisition itself, not on a stage derived from it: a derived stage that
		// the caller completed first would skip this, and the lease would be held
		// forever.
		acquisition.whenComplete((lease, failure) -> {
			if (failure != null) {
				fail(outcome, failure);
			}
			else if (lease.isEmpty()) {
				fail(outcome, new LockAcquisitionException(definition.name(), definition.waitTime()));
			}
			else if (outcome.isDone()) {
				lease.get().release();
			}
			else {
				runHolding(lease.get(), action).whenComplete((result, workFailure) -> {
					if (workFailure != null) {
						fail(outcome, workFailure);
					}
					else {
						outcome.complete(result);
					}
				});
			}
		});
		return outcome;
	}

	@Override
	public CompletionStage<Optional<LockLease>> tryAcquireAsync(LockDefinition definition) {
		Assert.notNull(definition, "LockDefinition must not be null");
		return this.client.tryAcquireAsync(definition);
	}

	@Override
	public Supplier<CompletionStage<Optional<LockLease>>> tryAcquireLater(LockDefinition definition) {
		return this.client.tryAcquireLater(definition);
	}

	@Override
	public String lockName(String name) {
		return this.client.lockName(name);
	}

	private static <T> CompletionStage<T> runHolding(LockLease lease,
			Function<? super LockLease, ? extends CompletionStage<T>> action) {
		CompletionStage<T> work;
		try {
			work = action.apply(lease);
			Assert.state(work != null, () -> "Action run under lock '" + lease.getName() + "' returned null");
		}
		catch (RuntimeException | Error ex) {
			work = CompletableFuture.failedFuture(ex);
		}
		return work.handle((result, failure) -> release(lease, result, unwrap(failure)))
			.thenCompose(Function.identity());
	}

	/**
	 * Release the lease, then complete with the work's outcome: its failure, with a
	 * failed release suppressed in it, else the release's failure, else its result.
	 */
	private static <T> CompletionStage<T> release(LockLease lease, @Nullable T result, @Nullable Throwable failure) {
		return lease.release().handle((ignored, releaseFailure) -> {
			Throwable released = unwrap(releaseFailure);
			if (failure != null) {
				if (released != null) {
					failure.addSuppressed(released);
				}
				throw new CompletionException(failure);
			}
			if (released != null) {
				throw new CompletionException(released);
			}
			return result;
		});
	}

	/**
	 * Fail the outcome as a stage derived from the failed one would: with a
	 * {@link CompletionException}, whose cause is the failure.
	 */
	private static void fail(CompletableFuture<?> outcome, Throwable failure) {
		outcome.completeExceptionally(
				(failure instanceof CompletionException) ? failure : new CompletionException(failure));
	}

	private static @Nullable Throwable unwrap(@Nullable Throwable failure) {
		return (failure instanceof CompletionException && failure.getCause() != null) ? failure.getCause() : failure;
	}

}
