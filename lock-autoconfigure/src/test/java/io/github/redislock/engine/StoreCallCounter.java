// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.engine;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.redislock.store.LockStore;

/**
 * A view of a store that counts the calls a client made to it, by method name, and can
 * withhold release notifications, as a broken subscription would.
 *
 * @author redis-lock contributors
 */
final class StoreCallCounter {

	/** What the store knows of itself: asked when a client is set up, not per lock. */
	static final Set<String> ANSWERED_WITHOUT_A_ROUND_TRIP = Set.of("leaseValidity", "queuesWaiters", "async");

	private final Map<String, AtomicInteger> counts = new ConcurrentHashMap<>();

	private final Map<String, AtomicInteger> started = new ConcurrentHashMap<>();

	private final LockStore view;

	private StoreCallCounter(LockStore store, boolean notifications) {
		this.view = (LockStore) Proxy.newProxyInstance(LockStore.class.getClassLoader(),
				new Class<?>[] { LockStore.class }, (proxy, method, args) -> {
					if (method.getDeclaringClass() == Object.class
							|| ANSWERED_WITHOUT_A_ROUND_TRIP.contains(method.getName())) {
						// Answered here, without a round trip to the store.
						return method.invoke(store, args);
					}
					this.started.computeIfAbsent(method.getName(), (name) -> new AtomicInteger()).incrementAndGet();
					try {
						if (!notifications && method.getName().equals("subscribe")) {
							return (AutoCloseable) () -> {
							};
						}
						return method.invoke(store, args);
					}
					catch (InvocationTargetException ex) {
						throw ex.getCause();
					}
					finally {
						// Counted once done, so that a test that sees the count sees the
						// effect.
						this.counts.computeIfAbsent(method.getName(), (name) -> new AtomicInteger()).incrementAndGet();
					}
				});
	}

	static StoreCallCounter on(LockStore store) {
		return new StoreCallCounter(store, true);
	}

	/**
	 * Count the calls, and never tell the client of a release.
	 */
	static StoreCallCounter withoutNotificationsOn(LockStore store) {
		return new StoreCallCounter(store, false);
	}

	/**
	 * Return the view of the store to give the client.
	 */
	LockStore store() {
		return this.view;
	}

	int count(String method) {
		AtomicInteger count = this.counts.get(method);
		return (count != null) ? count.get() : 0;
	}

	/** Calls of the method begun and not yet returned. */
	int inProgress(String method) {
		AtomicInteger begun = this.started.get(method);
		return (begun != null) ? begun.get() - count(method) : 0;
	}

	int total() {
		return this.counts.values().stream().mapToInt(AtomicInteger::get).sum();
	}

}
