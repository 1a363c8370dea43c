// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.engine;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;

import io.github.redislock.store.LockStore;
import org.jspecify.annotations.Nullable;

/**
 * A view of a store whose calls a test can hold back before or after the store answers,
 * to put an attempt, a give-back or an answer at a point of its choosing.
 *
 * @author redis-lock contributors
 */
final class InterceptedStore {

	private InterceptedStore() {
	}

	static LockStore of(LockStore store, Interception interception) {
		return (LockStore) Proxy.newProxyInstance(LockStore.class.getClassLoader(), new Class<?>[] { LockStore.class },
				(proxy, method, args) -> interception.around(method.getName(), (args != null) ? args : new Object[0],
						() -> {
							try {
								return method.invoke(store, args);
							}
							catch (InvocationTargetException ex) {
								throw ex.getCause();
							}
						}));
	}

	/**
	 * Runs around each call: {@code call} makes it, at most once, with {@code args} as
	 * they are then, so that an argument replaced before wraps what the store gets.
	 */
	@FunctionalInterface
	interface Interception {

		@Nullable Object around(String method, Object[] args, Call call) throws Throwable;

	}

	/** The store's own handling of the call. */
	@FunctionalInterface
	interface Call {

		@Nullable Object proceed() throws Throwable;

	}

}
