/*
 * Copyright 2026 the original authors.
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *      https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
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
