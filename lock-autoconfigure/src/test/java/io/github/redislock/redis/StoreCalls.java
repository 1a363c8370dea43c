// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redis;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;

import io.github.redislock.store.LockStore;

/**
 * Counts the calls a client makes to its store, to show that refused input never reached
 * Redis.
 *
 * @author redis-lock contributors
 */
final class StoreCalls implements UnaryOperator<LockStore> {

	/** What the store knows of itself: asked when a client is set up, not per lock. */
	private static final Set<String> ANSWERED_WITHOUT_A_ROUND_TRIP = Set.of("leaseValidity", "queuesWaiters", "async");

	private final AtomicInteger count = new AtomicInteger();

	@Override
	public LockStore apply(LockStore store) {
		return (LockStore) Proxy.newProxyInstance(LockStore.class.getClassLoader(), new Class<?>[] { LockStore.class },
				(proxy, method, args) -> {
					if (method.getDeclaringClass() != Object.class
							&& !ANSWERED_WITHOUT_A_ROUND_TRIP.contains(method.getName())) {
						this.count.incrementAndGet();
					}
					try {
						return method.invoke(store, args);
					}
					catch (InvocationTargetException ex) {
						throw ex.getCause();
					}
				});
	}

	int count() {
		return this.count.get();
	}

}
