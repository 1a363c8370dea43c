// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.annotation;

import java.util.HashMap;
import java.util.Map;

import io.github.redislock.core.LockLease;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Mono;
import reactor.util.context.Context;
import reactor.util.context.ContextView;

/**
 * The lock held by the {@code @RedisLock} method whose {@code Mono} or {@code Flux} is
 * running, read from the Reactor context, since reactive work hops threads:
 *
 * <pre class="code">
 * &#64;RedisLock(key = "'stock:' + #sku")
 * public Mono&lt;Void&gt; adjust(String sku, int delta) {
 *     return ReactiveLockContext.currentLease()
 *         .flatMap((lease) -&gt; Mono.fromCompletionStage(lease.fencingToken()))
 *         .flatMap((token) -&gt; inventory.update(sku, delta, token));
 * }
 * </pre>
 *
 * In nested locked methods it describes the innermost one. A nested method on a lock name
 * an outer method of the same subscription holds runs under the outer lease: the context
 * is how a reactive holder re-enters its lock.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 * @see LockContext
 */
public final class ReactiveLockContext {

	private static final Class<?> CURRENT = LockLease.class;

	private static final Class<?> HELD = ReactiveLockContext.class;

	private ReactiveLockContext() {
	}

	/**
	 * Return the lease of the innermost {@code @RedisLock} method whose publisher this
	 * subscription runs in.
	 * @return the lease, or an error ({@link IllegalStateException}) if none is running
	 */
	public static Mono<LockLease> currentLease() {
		return Mono.deferContextual((context) -> {
			LockLease lease = context.getOrDefault(CURRENT, null);
			return (lease != null) ? Mono.just(lease)
					: Mono.error(new IllegalStateException("No @RedisLock method's publisher is running in this "
							+ "subscription: ReactiveLockContext is only available inside the Mono or Flux of a "
							+ "locked method"));
		});
	}

	/**
	 * Return the lease of the given lock name that an outer locked method of this
	 * subscription holds, if any. Called by the interceptor.
	 * @param context the subscription's context
	 * @param name the lock name
	 * @return the lease, or {@code null}
	 */
	public static @Nullable LockLease held(ContextView context, String name) {
		Map<String, LockLease> held = context.getOrDefault(HELD, null);
		return (held != null) ? held.get(name) : null;
	}

	/**
	 * Bind a lease to a subscription's context. Called by the interceptor around the
	 * publisher of a locked method.
	 * @param context the context
	 * @param lease the lease
	 * @return the context with the lease
	 */
	public static Context bind(Context context, LockLease lease) {
		Map<String, LockLease> outer = context.getOrDefault(HELD, null);
		Map<String, LockLease> held = (outer != null) ? new HashMap<>(outer) : new HashMap<>();
		held.put(lease.getName(), lease);
		return context.put(CURRENT, lease).put(HELD, Map.copyOf(held));
	}

}
