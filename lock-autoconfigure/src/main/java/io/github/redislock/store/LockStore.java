// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.store;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.function.Supplier;
import java.util.concurrent.CompletionStage;

import org.jspecify.annotations.Nullable;

/**
 * The store the lock engine keeps its locks in. Each method is one atomic operation,
 * ideally one round trip. Owner tokens are opaque to the store: it only compares them.
 * <p>
 * A store implements each operation once, as a method that returns its answer as a
 * {@link CompletionStage}: {@link #tryAcquireAsync}, {@link #issueFencingTokenAsync},
 * {@link #renewAsync}, {@link #releaseAsync}, {@link #forceReleaseAsync} and
 * {@link #subscribe}; it overrides {@link #raiseFencingTokensAboveAsync},
 * {@link #reacquireAsync} and {@link #renewAllAsync} where it can do better than the
 * defaults, and {@link #queuesWaiters()} to say it ignores {@link Queueing}. The blocking
 * methods wait on these; a store may override them with a blocking path of its own, which
 * the lock client then uses for holders that are threads, but must never implement an
 * asynchronous method with the blocking method of the same operation, which waits on it.
 * A store whose client blocks calls that client and answers before it returns
 * ({@link #answered}), and leaves {@link #isNonBlocking()} {@code false}: the lock client
 * then calls it from threads of its own for holders that are not threads. A store that
 * says it is non-blocking is called from the client's timer and while the client holds
 * its own locks: it must return at once, and tell its subscribers on a thread of its own.
 * <p>
 * Every call must answer, or fail, within a bounded time (the Redis store bounds each by
 * its client's command timeout): the lock client does not bound them itself, so a call
 * that never answers holds its caller, past any wait time.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
public interface LockStore {

	/**
	 * Fencing tokens, and raises of them, stay below this: 2^52, half the range in which
	 * the Lua of Redis counts exactly, so that a raise cannot bring a lock's tokens where
	 * one more is the same number again. Tokens issued from a server's clock in
	 * microseconds reach it in the year 2112.
	 */
	long MAX_FENCING_TOKEN = 1L << 52;

	/**
	 * Check a token that a raise of fencing tokens was asked for: every store calls it
	 * before it raises, so that a token out of range is refused the same way everywhere.
	 * @param name the lock name
	 * @param token the token to raise the lock's tokens above
	 * @throws IllegalArgumentException if the token is not positive, or not below
	 * {@link #MAX_FENCING_TOKEN}
	 */
	static void checkRaisableToken(String name, long token) {
		if (token <= 0 || token >= MAX_FENCING_TOKEN) {
			throw new IllegalArgumentException("Cannot raise the fencing tokens of lock '" + name + "' above " + token
					+ ": a fencing token is positive and below 2^52");
		}
	}

	/**
	 * Check an owner token that a store is asked to record as a new holder or waiter:
	 * every store calls it before it takes or queues for a lock, or passes one to a next
	 * owner of another token, so that a token the engine did not make is refused the same
	 * way everywhere. {@code #} is refused because stores name each grant through a queue
	 * place as the waiter's token, {@code #} and a number, and tell those grants apart by
	 * it; an empty token, or one with a space, because a lock's record ends the token at
	 * its first space.
	 * @param name the lock name
	 * @param ownerToken the owner token to record
	 * @throws IllegalArgumentException if the token is empty, or contains {@code #} or a
	 * space
	 */
	static void checkOwnerToken(String name, String ownerToken) {
		if (ownerToken.isEmpty() || ownerToken.indexOf(' ') >= 0) {
			throw new IllegalArgumentException("Cannot record owner token '" + ownerToken + "' for lock '" + name
					+ "': an owner token is not empty and has no space, which ends it in the lock's record");
		}
		if (ownerToken.indexOf('#') >= 0) {
			throw new IllegalArgumentException("Cannot record owner token '" + ownerToken + "' for lock '" + name
					+ "': an owner token must not contain '#', which names the grants made through a queue place");
		}
	}

	/**
	 * Take the lock if it is free or already recorded for this owner, with the given
	 * lease, and record who takes it with the lock for operators, for as long as this
	 * owner holds it. If the lock is busy and {@code queueing} is given, queue the
	 * caller, so that the holder's {@link #releaseAsync release} hands the lock straight
	 * to it and tells its {@link #subscribe subscribers}; a store that cannot hand locks
	 * over ignores it and leaves waiters to their retries. No fencing token comes with
	 * the lock: {@link #issueFencingTokenAsync} is called if and when the holder asks, so
	 * that the many holders who never ask pay nothing for one.
	 * @param name the lock name
	 * @param ownerToken the owner's token
	 * @param leaseTime the lease, positive
	 * @param queueing how to queue the caller, or {@code null} not to
	 * @param holder who takes the lock
	 * @return the outcome
	 */
	CompletionStage<AcquireResult> tryAcquireAsync(String name, String ownerToken, Duration leaseTime,
			@Nullable Queueing queueing, LockHolder holder);

	/**
	 * Issue a fencing token to the owner of the lock, larger than any issued for this
	 * lock name before, if the lock is still recorded for this owner. Called at most once
	 * per hold, whether the hold began with an acquisition, a hand-off or a
	 * reacquisition.
	 * @param name the lock name
	 * @param ownerToken the owner's token
	 * @param leaseTime the owner's lease
	 * @return the fencing token, or {@code 0} if the lock is no longer this owner's
	 */
	CompletionStage<Long> issueFencingTokenAsync(String name, String ownerToken, Duration leaseTime);

	/**
	 * Extend the lease if the lock is still recorded for this owner.
	 * @param name the lock name
	 * @param ownerToken the owner's token
	 * @param leaseTime the new lease, from now
	 * @return whether the lock was still this owner's
	 */
	CompletionStage<Boolean> renewAsync(String name, String ownerToken, Duration leaseTime);

	/**
	 * Delete the lock if it is recorded for this owner, or hand it to the longest-queued
	 * waiter, and notify waiters. Also takes the owner out of the queue: a waiter that
	 * gives up calls this, and passes on a lock handed to it meanwhile.
	 * @param name the lock name
	 * @param ownerToken the owner's token
	 * @return whether the lock was still this owner's
	 */
	CompletionStage<Boolean> releaseAsync(String name, String ownerToken);

	/**
	 * Delete the lock whoever holds it, and notify waiters. For operators clearing a lock
	 * they know to be abandoned.
	 * @param name the lock name
	 * @return whether a lock was deleted
	 */
	CompletionStage<Boolean> forceReleaseAsync(String name);

	/**
	 * Make every fencing token issued for this lock name from now on larger than the
	 * given one, which a fenced resource holds: called when the resource refused a
	 * holder's token because it had seen this larger one. Tokens stay in grant order
	 * whoever calls it and whether or not the caller still holds the lock: a token never
	 * goes down, and a resource accepts any token above the one it holds. A store that
	 * lost the last tokens it issued (a server restarted empty, a failover to a replica
	 * that had not received them) then refuses only the holders it issued tokens to
	 * before the call. The default does nothing.
	 * @param name the lock name
	 * @param token the token the resource holds, positive
	 * @return whether the store raised its tokens; {@code false} if they were already
	 * above the token, or the store cannot raise them
	 */
	default CompletionStage<Boolean> raiseFencingTokensAboveAsync(String name, long token) {
		return CompletableFuture.completedFuture(false);
	}

	/**
	 * Give the lock, if still recorded for this owner, a fresh lease under the token of
	 * its next owner, another thread of the owner's process, which takes it over as if it
	 * had acquired it; the previous token no longer holds it. A store may then answer a
	 * release under the previous token as done, as it answers a release sent again, so
	 * that the holder's release after a pass whose reply it lost is no loss; it never
	 * frees the next owner's lock. The default cannot, and a releasing thread then
	 * releases instead.
	 * @param name the lock name
	 * @param ownerToken the owner's token
	 * @param nextOwnerToken the token of the owner that takes the lock over
	 * @param leaseTime the new lease, from now
	 * @return the outcome, or {@code null} if the lock is no longer this owner's (nor
	 * already passed to {@code nextOwnerToken} by this same call sent before) or the
	 * store cannot do this
	 */
	default CompletionStage<@Nullable Reacquisition> reacquireAsync(String name, String ownerToken,
			String nextOwnerToken, Duration leaseTime) {
		return CompletableFuture.completedFuture(null);
	}

	/**
	 * Extend several leases at once, each answered on its own, so that a server that is
	 * down or slow (a shard of a Redis Cluster) holds up only the leases it keeps; a
	 * renewal not answered within the given time fails. The default renews one by one,
	 * each within the store's own bound on a call.
	 * @param renewals the leases to extend
	 * @param timeout how long the caller waits for the answers
	 * @return for each renewal, in order, a future of whether the lock was still that
	 * owner's
	 */
	default List<CompletableFuture<Boolean>> renewAllAsync(List<LeaseRenewal> renewals, Duration timeout) {
		List<CompletableFuture<Boolean>> replies = new ArrayList<>(renewals.size());
		for (LeaseRenewal renewal : renewals) {
			CompletionStage<Boolean> reply;
			try {
				reply = renewAsync(renewal.name(), renewal.ownerToken(), renewal.leaseTime());
			}
			catch (RuntimeException ex) {
				reply = CompletableFuture.failedFuture(ex);
			}
			replies.add(reply.toCompletableFuture());
		}
		return replies;
	}

	/**
	 * Return whether a busy acquisition with {@link Queueing} queues its caller; when it
	 * does not, waiters neither ask to be queued nor leave a queue, which spares a round
	 * trip per wait that ends without the lock. The lock client then asks again under a
	 * new owner token after each refusal, so such a store may give back what a refused
	 * attempt took without waiting for it.
	 * @return whether waiters are queued; {@code true} by default
	 */
	default boolean queuesWaiters() {
		return true;
	}

	/**
	 * Return how much of a lease this store grants its holder may count on, from when the
	 * holder asked for it: the lease, less what the store must allow for clock drift. The
	 * lock client times every lease by this. By default the whole lease.
	 * @param leaseTime the lease granted, positive
	 * @return the part of it to count on, at most {@code leaseTime}
	 */
	default Duration leaseValidity(Duration leaseTime) {
		return leaseTime;
	}

	/**
	 * Return whether the store's calls return before the store answers. If not (the
	 * default: a store whose client blocks answers each call before returning it), the
	 * lock client makes the calls of holders that are not threads from threads of its
	 * own.
	 * @return whether the calls never block their caller
	 */
	default boolean isNonBlocking() {
		return false;
	}

	/**
	 * {@link #tryAcquireAsync}, waiting for the outcome, without queueing and recording
	 * the calling thread as the holder.
	 * @param name the lock name
	 * @param ownerToken the owner's token
	 * @param leaseTime the lease, positive
	 * @return the outcome
	 */
	default AcquireResult tryAcquire(String name, String ownerToken, Duration leaseTime) {
		return tryAcquire(name, ownerToken, leaseTime, null, LockHolder.currentThread(null));
	}

	/**
	 * {@link #tryAcquireAsync}, waiting for the outcome, recording the calling thread as
	 * the holder.
	 * @param name the lock name
	 * @param ownerToken the owner's token
	 * @param leaseTime the lease, positive
	 * @param queueing how to queue the caller
	 * @return the outcome
	 */
	default AcquireResult tryAcquire(String name, String ownerToken, Duration leaseTime, Queueing queueing) {
		return tryAcquire(name, ownerToken, leaseTime, queueing, LockHolder.currentThread(null));
	}

	/**
	 * {@link #tryAcquireAsync}, waiting for the outcome.
	 * @param name the lock name
	 * @param ownerToken the owner's token
	 * @param leaseTime the lease, positive
	 * @param queueing how to queue the caller, or {@code null} not to
	 * @param holder who takes the lock
	 * @return the outcome
	 */
	default AcquireResult tryAcquire(String name, String ownerToken, Duration leaseTime, @Nullable Queueing queueing,
			LockHolder holder) {
		return await(tryAcquireAsync(name, ownerToken, leaseTime, queueing, holder));
	}

	/**
	 * {@link #issueFencingTokenAsync}, waiting for the answer.
	 * @param name the lock name
	 * @param ownerToken the owner's token
	 * @param leaseTime the owner's lease
	 * @return the fencing token, or {@code 0} if the lock is no longer this owner's
	 */
	default long issueFencingToken(String name, String ownerToken, Duration leaseTime) {
		return await(issueFencingTokenAsync(name, ownerToken, leaseTime));
	}

	/**
	 * {@link #raiseFencingTokensAboveAsync}, waiting for the answer.
	 * @param name the lock name
	 * @param token the token the resource holds, positive
	 * @return whether the store raised its tokens
	 */
	default boolean raiseFencingTokensAbove(String name, long token) {
		return await(raiseFencingTokensAboveAsync(name, token));
	}

	/**
	 * {@link #reacquireAsync}, waiting for the outcome.
	 * @param name the lock name
	 * @param ownerToken the owner's token
	 * @param nextOwnerToken the token of the owner that takes the lock over
	 * @param leaseTime the new lease, from now
	 * @return the outcome, or {@code null} if the lock is no longer this owner's or the
	 * store cannot do this
	 */
	default @Nullable Reacquisition reacquire(String name, String ownerToken, String nextOwnerToken,
			Duration leaseTime) {
		return await(reacquireAsync(name, ownerToken, nextOwnerToken, leaseTime));
	}

	/**
	 * {@link #renewAsync}, waiting for the answer.
	 * @param name the lock name
	 * @param ownerToken the owner's token
	 * @param leaseTime the new lease, from now
	 * @return whether the lock was still this owner's
	 */
	default boolean renew(String name, String ownerToken, Duration leaseTime) {
		return await(renewAsync(name, ownerToken, leaseTime));
	}

	/**
	 * {@link #renewAllAsync}, waiting for every answer.
	 * @param renewals the leases to extend
	 * @return for each renewal, in order, whether the lock was still that owner's
	 */
	default List<Boolean> renewAll(List<LeaseRenewal> renewals) {
		List<Boolean> renewed = new ArrayList<>(renewals.size());
		for (CompletableFuture<Boolean> reply : renewAllAsync(renewals, Duration.ofNanos(Long.MAX_VALUE))) {
			renewed.add(await(reply));
		}
		return renewed;
	}

	/**
	 * {@link #releaseAsync}, waiting for the answer.
	 * @param name the lock name
	 * @param ownerToken the owner's token
	 * @return whether the lock was still this owner's
	 */
	default boolean release(String name, String ownerToken) {
		return await(releaseAsync(name, ownerToken));
	}

	/**
	 * {@link #forceReleaseAsync}, waiting for the answer.
	 * @param name the lock name
	 * @return whether a lock was deleted
	 */
	default boolean forceRelease(String name) {
		return await(forceReleaseAsync(name));
	}

	/**
	 * Call the listener whenever the lock is released or handed over, until the
	 * subscription is closed. Notifications are best effort: waiters must not depend on
	 * them.
	 * @param name the lock name
	 * @param listener called on release, on a store thread
	 * @return the subscription, to close when no longer waiting
	 */
	AutoCloseable subscribe(String name, ReleaseListener listener);

	/**
	 * Subscribe on behalf of one waiter, which may be queued under the given owner token.
	 * A store may then tell hand-offs to that waiter only to the process it belongs to,
	 * so that a release costs the same however many processes wait; the listener still
	 * hears whenever the lock is left free. By default, the same as
	 * {@link #subscribe(String, ReleaseListener)}.
	 * @param name the lock name
	 * @param ownerToken the token the waiter queues under
	 * @param listener called on release, on a store thread
	 * @return the subscription, to close when no longer waiting
	 */
	default AutoCloseable subscribe(String name, String ownerToken, ReleaseListener listener) {
		return subscribe(name, listener);
	}

	/** Told of the releases of one lock. */
	@FunctionalInterface
	interface ReleaseListener {

		/**
		 * Called when the lock was released, or may have been: also once the subscription
		 * is in place, so that a release just before it is not missed.
		 * @param handOff to whom the store handed the lock, {@code null} if it is free
		 */
		void released(@Nullable HandOff handOff);

	}

	/**
	 * How a busy {@link #tryAcquireAsync} queues its caller.
	 *
	 * @param validity how long the caller keeps its place unless it calls again; a waiter
	 * that stops calling, because its process died, is skipped after this
	 * @param handOffLease the lease to give the caller if the lock is handed to it
	 * @param ticket identifies this attempt in the {@link HandOff} it may lead to
	 * @param queuedBefore whether an earlier attempt of the same wait may have queued the
	 * caller, whose place an acquisition then clears
	 */
	record Queueing(Duration validity, Duration handOffLease, long ticket, boolean queuedBefore) {

	}

	/**
	 * The outcome of {@link #reacquireAsync}.
	 *
	 * @param othersWaiting whether waiters of other processes are queued for the lock
	 */
	record Reacquisition(boolean othersWaiting) {

	}

	/**
	 * A lock handed by a release to a queued waiter.
	 *
	 * @param ownerToken the token the waiter queued under
	 * @param ticket the ticket of the waiter's attempt that queued it
	 * @param grantedToken the token the lock is now recorded under, with which the new
	 * holder renews and releases it: the waiter's token, or one that names this grant, so
	 * that a second grant through a queue place that outlived the first (a failover lost
	 * the hand-off) is told from it
	 */
	record HandOff(String ownerToken, long ticket, String grantedToken) {

		/**
		 * A hand-off recorded under the waiter's own token.
		 * @param ownerToken the waiter's token, now recorded as the holder
		 * @param ticket the ticket of the waiter's attempt that queued it
		 */
		public HandOff(String ownerToken, long ticket) {
			this(ownerToken, ticket, ownerToken);
		}

	}

	/**
	 * One lease to extend with {@link #renewAllAsync}.
	 *
	 * @param name the lock name
	 * @param ownerToken the owner's token
	 * @param leaseTime the new lease, from now
	 */
	record LeaseRenewal(String name, String ownerToken, Duration leaseTime) {

	}

	/**
	 * The outcome of {@link #tryAcquireAsync}.
	 *
	 * @param acquired whether the lock is now the caller's
	 * @param remainingLeaseMillis how long the current holder's lease lasts, when not
	 * acquired
	 * @param grantedToken the token the lock is recorded under when acquired, if not the
	 * caller's own: a store may name each grant to a caller that queued (see
	 * {@link HandOff#grantedToken()}); the holder renews and releases with it
	 */
	record AcquireResult(boolean acquired, long remainingLeaseMillis, @Nullable String grantedToken) {

		/** The lock is now the caller's, under the caller's token. */
		public static final AcquireResult ACQUIRED = new AcquireResult(true, 0, null);

		/**
		 * An outcome that records no token of its own.
		 * @param acquired whether the lock is now the caller's
		 * @param remainingLeaseMillis how long the current holder's lease lasts, when not
		 * acquired
		 */
		public AcquireResult(boolean acquired, long remainingLeaseMillis) {
			this(acquired, remainingLeaseMillis, null);
		}

		/**
		 * The lock is now the caller's, recorded under the given token.
		 * @param grantedToken the token the holder renews and releases with
		 * @return the outcome
		 */
		public static AcquireResult acquiredAs(String grantedToken) {
			return new AcquireResult(true, 0, grantedToken);
		}

		public static AcquireResult busy(long remainingLeaseMillis) {
			return new AcquireResult(false, remainingLeaseMillis, null);
		}

		/**
		 * Return the token the caller holds the lock under.
		 * @param ownerToken the caller's token
		 * @return {@link #grantedToken()}, or the caller's token if none
		 */
		public String heldAs(String ownerToken) {
			return (this.grantedToken != null) ? this.grantedToken : ownerToken;
		}

	}

	/**
	 * Run a call on the calling thread and return its answer, or its failure, as a
	 * complete stage: how a store whose client blocks implements its calls. The call uses
	 * the store's client, never a blocking method of this interface, which would wait on
	 * the stage being made.
	 * @param <T> the answer's type
	 * @param call the call
	 * @return its outcome, complete
	 */
	static <T> CompletionStage<T> answered(Supplier<T> call) {
		try {
			return CompletableFuture.completedFuture(call.get());
		}
		catch (RuntimeException ex) {
			return CompletableFuture.failedFuture(ex);
		}
	}

	/**
	 * Run a call that answers for several leases on the calling thread, a batch of
	 * renewals on the store's own client, and return each answer, or the call's failure
	 * for each, complete: how a store whose client blocks batches {@link #renewAllAsync}.
	 * @param count how many answers the call gives
	 * @param call the call
	 * @return the answers, complete
	 */
	static List<CompletableFuture<Boolean>> answeredEach(int count, Supplier<List<Boolean>> call) {
		List<CompletableFuture<Boolean>> replies = new ArrayList<>(count);
		try {
			for (Boolean answer : call.get()) {
				replies.add(CompletableFuture.completedFuture(answer));
			}
		}
		catch (RuntimeException ex) {
			replies.clear();
			for (int i = 0; i < count; i++) {
				replies.add(CompletableFuture.failedFuture(ex));
			}
		}
		return replies;
	}

	/**
	 * Wait for a call's answer, which every store gives within a bounded time, and throw
	 * its failure as it was thrown. An interrupt stops the wait, not the call: it throws
	 * an {@link IllegalStateException} caused by the {@link InterruptedException}, with
	 * the thread's flag set again, as Redis clients report an interrupted command.
	 * @param <T> the answer's type
	 * @param call the call
	 * @return its answer
	 */
	static <T> T await(CompletionStage<T> call) {
		try {
			return call.toCompletableFuture().get();
		}
		catch (ExecutionException ex) {
			Throwable failure = ex.getCause();
			if (failure instanceof RuntimeException runtime) {
				throw runtime;
			}
			if (failure instanceof Error error) {
				throw error;
			}
			throw new IllegalStateException("A lock store call failed", failure);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("Interrupted while waiting for the lock store", ex);
		}
	}

}
