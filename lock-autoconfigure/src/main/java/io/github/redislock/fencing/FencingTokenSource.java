// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.fencing;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.LongPredicate;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

import io.github.redislock.annotation.LockContext;
import io.github.redislock.core.AcquiredLock;
import io.github.redislock.core.DistributedLock;
import io.github.redislock.core.LockLostException;
import io.github.redislock.core.LockStoreException;
import io.github.redislock.core.StaleFencingTokenException;
import org.jspecify.annotations.Nullable;

import org.springframework.scheduling.concurrent.CustomizableThreadFactory;
import org.springframework.util.Assert;

/**
 * Where a fenced write takes its token: a lock or token the caller bound, or else the
 * {@code @RedisLock} method running on the thread. Asked at each write, so a bound
 * {@link DistributedLock} answers for the hold current at that write. A refused write
 * raises the lock's tokens above the resource's, so that a store that lost its last
 * tokens costs one holder, not every holder until its clock passes them.
 */
record FencingTokenSource(String lockName, LongSupplier token, @Nullable LongPredicate raise) {

	/** More raises waiting for a store at once are not started: the refusal stands. */
	private static final int MAX_RAISES_IN_FLIGHT = 16;

	/**
	 * Where a raise with a bound runs, so that the writer can stop waiting for a Redis
	 * that does not answer; daemon threads, so that a stuck raise never holds up exit.
	 */
	private static final ExecutorService BOUNDED_RAISES = new ThreadPoolExecutor(0, MAX_RAISES_IN_FLIGHT, 60,
			TimeUnit.SECONDS, new SynchronousQueue<>(), raiseThreads());

	/** One raise per lock name at a time: writers refused together share it. */
	private static final ConcurrentMap<String, Raise> RAISES = new ConcurrentHashMap<>();

	static FencingTokenSource of(DistributedLock lock) {
		Assert.notNull(lock, "'lock' must not be null");
		return new FencingTokenSource(lock.getName(), lock::getFencingToken, lock::raiseFencingTokensAbove);
	}

	static FencingTokenSource of(AcquiredLock lock) {
		Assert.notNull(lock, "'lock' must not be null");
		return new FencingTokenSource(lock.getName(), lock::getFencingToken, lock::raiseFencingTokensAbove);
	}

	/** A token without its lock cannot raise the lock's tokens. */
	static FencingTokenSource of(String lockName, long fencingToken) {
		Assert.hasLength(lockName, "'lockName' must not be empty");
		Assert.isTrue(fencingToken > 0, () -> "'fencingToken' must be positive, but was " + fencingToken);
		return new FencingTokenSource(lockName, () -> fencingToken, null);
	}

	/**
	 * The innermost {@code @RedisLock} method's token, of the lock closest to the write;
	 * {@code write} names the write. Tokens of different locks do not compare, so an
	 * enclosing lock whose lease is known lost refuses the write: it may be the guard.
	 */
	static FencingTokenSource current(Supplier<String> write) {
		if (!LockContext.isActive()) {
			throw new IllegalStateException(write.get() + " needs a fencing token, and no @RedisLock method is "
					+ "running on this thread: write inside one, or through forLock(lock) with a lock this thread holds");
		}
		LockContext context = LockContext.current();
		String lost = context.getEnclosingLockLost();
		if (lost != null) {
			throw new LockLostException(lost, write.get() + " runs inside the @RedisLock method of lock '" + lost
					+ "', whose lease is lost: that lock may guard what it writes, which the token of the innermost "
					+ "lock '" + context.getLockName() + "' cannot fence, so nothing was written");
		}
		return new FencingTokenSource(context.getLockName(), context::getFencingToken,
				context::raiseFencingTokensAbove);
	}

	long value() {
		return this.token.getAsLong();
	}

	/**
	 * Raise the lock's tokens above the one that refused the write, then return the
	 * refusal to throw, with a failed raise suppressed on it.
	 */
	StaleFencingTokenException refused(long newerToken, StaleFencingTokenException refusal) {
		if (this.raise != null && newerToken > 0) {
			try {
				this.raise.test(newerToken);
			}
			catch (RuntimeException ex) {
				refusal.addSuppressed(ex);
			}
		}
		return refusal;
	}

	/**
	 * As {@link #refused(long, StaleFencingTokenException)}, waiting at most
	 * {@code raiseTimeout} for the raise, which goes on in the background after it: a
	 * write inside a transaction must not stall it on a Redis that does not answer.
	 */
	StaleFencingTokenException refused(long newerToken, StaleFencingTokenException refusal, Duration raiseTimeout) {
		LongPredicate raise = this.raise;
		if (raise == null || newerToken <= 0) {
			return refusal;
		}
		CompletableFuture<Boolean> raised;
		try {
			raised = raise(raise, newerToken);
		}
		catch (RejectedExecutionException ex) {
			refusal.addSuppressed(new LockStoreException(
					this.lockName, "The fencing tokens of lock '" + this.lockName + "' were not raised above "
							+ newerToken + ": " + MAX_RAISES_IN_FLIGHT + " raises are already waiting for the store",
					ex));
			return refusal;
		}
		try {
			raised.get(raiseTimeout.toNanos(), TimeUnit.NANOSECONDS);
		}
		catch (TimeoutException ex) {
			refusal.addSuppressed(new LockStoreException(this.lockName,
					"The fencing tokens of lock '" + this.lockName + "' were not raised above " + newerToken
							+ " within " + raiseTimeout.toMillis()
							+ " ms (redis-lock.fencing.raise-timeout); the raise goes on in the background",
					ex));
		}
		catch (ExecutionException ex) {
			Throwable failure = ex.getCause();
			refusal.addSuppressed((failure != null) ? failure : ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			refusal.addSuppressed(ex);
		}
		return refusal;
	}

	private CompletableFuture<Boolean> raise(LongPredicate raise, long newerToken) {
		Raise raising = RAISES.compute(this.lockName,
				(name, running) -> (running != null && running.token() >= newerToken && !running.raised().isDone())
						? running : new Raise(newerToken,
								CompletableFuture.supplyAsync(() -> raise.test(newerToken), BOUNDED_RAISES)));
		raising.raised().whenComplete((raised, failure) -> RAISES.remove(this.lockName, raising));
		return raising.raised();
	}

	private static ThreadFactory raiseThreads() {
		CustomizableThreadFactory threads = new CustomizableThreadFactory("redis-lock-fencing-raise-");
		threads.setDaemon(true);
		return threads;
	}

	private record Raise(long token, CompletableFuture<Boolean> raised) {

	}

}
