// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.annotation;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;

import io.github.redislock.core.AcquiredLock;
import io.github.redislock.core.LockLease;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Mono;
import reactor.util.context.Context;
import reactor.util.context.ContextView;

import org.springframework.util.Assert;

/**
 * The lock held by the {@code @RedisLock} method running on the current thread, so the
 * method can pass its fencing token to the store it writes, or check how much lease is
 * left before a long step:
 *
 * <pre class="code">
 * &#64;RedisLock(key = "'stock:' + #sku")
 * public void adjust(String sku, int delta) {
 *     long token = LockContext.current().getFencingToken();
 *     inventory.update(sku, delta, token); // the store rejects tokens older than the last
 * }
 * </pre>
 *
 * In nested locked methods it describes the innermost one. It is bound only while the
 * method body runs on the calling thread, and not while a method whose condition skipped
 * its lock runs: the outer lock's fencing token is not one for its key. A method that
 * returns a future holds its lock until the future completes, and the context its body
 * took from {@link #current()} stays valid on any thread until then.
 * <p>
 * Reactive work hops threads, so a {@code Mono} or {@code Flux} reads its lease from the
 * Reactor context instead, with {@link #currentLease()}:
 *
 * <pre class="code">
 * &#64;RedisLock(key = "'stock:' + #sku")
 * public Mono&lt;Void&gt; adjust(String sku, int delta) {
 *     return LockContext.currentLease()
 *         .flatMap((lease) -&gt; Mono.fromCompletionStage(lease.fencingToken()))
 *         .flatMap((token) -&gt; inventory.update(sku, delta, token));
 * }
 * </pre>
 *
 * A nested method on a lock name that an outer method of the same subscription holds runs
 * under the outer lease: the Reactor context is how a reactive holder re-enters.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
public final class LockContext {

	private static final ThreadLocal<LockContext> current = new ThreadLocal<>();

	private final @Nullable AcquiredLock lock;

	private final @Nullable LockLease lease;

	/** The context of the locked method this one runs inside, if any. */
	private final @Nullable LockContext enclosing;

	private LockContext(@Nullable AcquiredLock lock, @Nullable LockLease lease, @Nullable LockContext enclosing) {
		this.lock = lock;
		this.lease = lease;
		this.enclosing = enclosing;
	}

	/**
	 * Return the context of the innermost {@code @RedisLock} method running on this
	 * thread.
	 * @return the context
	 * @throws IllegalStateException if no {@code @RedisLock} method is running on this
	 * thread
	 */
	public static LockContext current() {
		LockContext context = current.get();
		if (context == null) {
			throw new IllegalStateException("No @RedisLock method is running on this thread: LockContext is only "
					+ "available inside a locked method, on its calling thread");
		}
		return context;
	}

	/**
	 * Return whether a {@code @RedisLock} method is running on this thread.
	 * @return whether {@link #current()} may be called
	 */
	public static boolean isActive() {
		return current.get() != null;
	}

	/**
	 * Return the evaluated lock name.
	 * @return the lock name
	 */
	public String getLockName() {
		return (this.lease != null) ? this.lease.getName() : requireLock().getName();
	}

	/**
	 * Return the name of a lock, other than this one, whose {@code @RedisLock} method
	 * this one runs inside on this thread and whose lease is known to be lost: a write
	 * fenced with this lock's token would not be fenced by that one's.
	 * @return the innermost such lock name, or {@code null} if none
	 */
	public @Nullable String getEnclosingLockLost() {
		String name = getLockName();
		for (LockContext outer = this.enclosing; outer != null; outer = outer.enclosing) {
			if (!outer.getLockName().equals(name) && outer.getRemainingLease().isZero()) {
				return outer.getLockName();
			}
		}
		return null;
	}

	/**
	 * Return the fencing token of the acquisition: a number larger than that of every
	 * earlier acquisition of this lock name, which a store written under the lock can use
	 * to reject a stale holder. The first call may take a round trip to the store.
	 * @return the fencing token
	 * @throws io.github.redislock.core.LockLostException if the lease was lost before a
	 * token was issued
	 * @see AcquiredLock#getFencingToken()
	 */
	public long getFencingToken() {
		return (this.lease != null) ? join(this.lease.fencingToken()) : requireLock().getFencingToken();
	}

	/**
	 * Make every fencing token issued for this lock name from now on larger than the
	 * given one, which a fenced resource holds; the fenced writes call it when the
	 * resource refuses this lease's token.
	 * @param token the token the resource holds, positive
	 * @return whether tokens were raised
	 * @see io.github.redislock.core.DistributedLock#raiseFencingTokensAbove(long)
	 */
	public boolean raiseFencingTokensAbove(long token) {
		return (this.lease != null) ? join(this.lease.raiseFencingTokensAbove(token))
				: requireLock().raiseFencingTokensAbove(token);
	}

	/**
	 * Return how long the lease is known to last, from the last acquisition or renewal.
	 * @return the remaining lease, {@link Duration#ZERO} once lost
	 */
	public Duration getRemainingLease() {
		return (this.lease != null) ? this.lease.getRemainingLease() : requireLock().getRemainingLease();
	}

	private static <T> T join(CompletionStage<T> stage) {
		try {
			return stage.toCompletableFuture().join();
		}
		catch (CompletionException ex) {
			if (ex.getCause() instanceof RuntimeException failure) {
				throw failure;
			}
			throw ex;
		}
	}

	private AcquiredLock requireLock() {
		Assert.state(this.lock != null, "No lock bound");
		return this.lock;
	}

	/**
	 * Bind a lock to the current thread. Called by the interceptor around a locked
	 * method; application code only reads the context.
	 * @param lock the acquired lock
	 * @return the previously bound context, to give to {@link #restore}
	 */
	public static @Nullable LockContext bind(AcquiredLock lock) {
		LockContext previous = current.get();
		current.set(new LockContext(lock, null, previous));
		return previous;
	}

	/**
	 * Bind the lease of a method whose lock is held until the work it returns completes
	 * ({@code CompletableFuture}, {@code Mono}, ...) to the current thread. Called by the
	 * interceptor around the method body; application code only reads the context.
	 * @param lease the lease
	 * @return the previously bound context, to give to {@link #restore}
	 */
	public static @Nullable LockContext bind(LockLease lease) {
		LockContext previous = current.get();
		current.set(new LockContext(null, lease, previous));
		return previous;
	}

	/**
	 * Unbind the context of the current thread, for a method that runs without its lock.
	 * @return the previously bound context, to give to {@link #restore}
	 */
	public static @Nullable LockContext unbind() {
		LockContext previous = current.get();
		current.remove();
		return previous;
	}

	/**
	 * Restore the context that was bound before {@link #bind} or {@link #unbind}.
	 * @param previous the previous context, or {@code null}
	 */
	public static void restore(@Nullable LockContext previous) {
		if (previous != null) {
			current.set(previous);
		}
		else {
			current.remove();
		}
	}

	/**
	 * Return the lease of the innermost {@code @RedisLock} method whose {@code Mono} or
	 * {@code Flux} this subscription runs in, read from the Reactor context.
	 * @return the lease, or an error ({@link IllegalStateException}) if none is running
	 */
	public static Mono<LockLease> currentLease() {
		return ReactorContext.currentLease();
	}

	/**
	 * Return the lease of the given lock name that an outer locked method of this
	 * subscription holds, if any. Called by the interceptor.
	 * @param context the subscription's context
	 * @param name the lock name
	 * @return the lease, or {@code null}
	 */
	public static @Nullable LockLease heldLease(ContextView context, String name) {
		return ReactorContext.held(context, name);
	}

	/**
	 * Bind a lease to a subscription's context. Called by the interceptor around the
	 * publisher of a locked method; application code only reads it.
	 * @param context the context
	 * @param lease the lease
	 * @return the context with the lease
	 */
	public static Context withLease(Context context, LockLease lease) {
		return ReactorContext.bind(context, lease);
	}

	/** Loaded only when Reactor is, as only reactive callers reach it. */
	private static final class ReactorContext {

		private static final Class<?> CURRENT = LockLease.class;

		private static final Class<?> HELD = ReactorContext.class;

		static Mono<LockLease> currentLease() {
			return Mono.deferContextual((context) -> {
				LockLease lease = context.getOrDefault(CURRENT, null);
				return (lease != null) ? Mono.just(lease)
						: Mono.error(new IllegalStateException("No @RedisLock method's publisher is running in this "
								+ "subscription: LockContext.currentLease() is only available inside the Mono or Flux "
								+ "of a locked method"));
			});
		}

		static @Nullable LockLease held(ContextView context, String name) {
			Map<String, LockLease> held = context.getOrDefault(HELD, null);
			return (held != null) ? held.get(name) : null;
		}

		static Context bind(Context context, LockLease lease) {
			Map<String, LockLease> outer = context.getOrDefault(HELD, null);
			Map<String, LockLease> held = (outer != null) ? new HashMap<>(outer) : new HashMap<>();
			held.put(lease.getName(), lease);
			return context.put(CURRENT, lease).put(HELD, Map.copyOf(held));
		}

	}

}
