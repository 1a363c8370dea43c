// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.engine;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Takes back store attempts that failed client-side (timeout, lost connection) but may
 * still run, or be resent, in Redis and hold the lock for an owner that gave up: a
 * release under the attempt's token, sent after it on the same connection, undoes it.
 *
 * @author redis-lock contributors
 */
final class AbandonedAttempts implements AutoCloseable {

	/** More pending releases are dropped: their leases end anyway. */
	private static final int MAX_PENDING = 1024;

	private final GuardedStore store;

	private final ExecutorService releases;

	private final AtomicInteger pending = new AtomicInteger();

	AbandonedAttempts(GuardedStore store, EngineRuntime runtime) {
		this.store = store;
		this.releases = runtime.threads("redis-lock-abandoned-attempts", 1);
	}

	/**
	 * On a thread of its own, so the caller's failure waits for no second timeout; safe
	 * as no later hold reuses {@code ownerToken}. With pooled connections the release may
	 * overtake the attempt: the lease bounds it then.
	 */
	void takeBack(String name, String ownerToken) {
		if (this.pending.incrementAndGet() > MAX_PENDING) {
			this.pending.decrementAndGet();
			return;
		}
		try {
			this.releases.execute(() -> {
				try {
					this.store.releaseQuietly(name, ownerToken, " after an attempt that failed in the store");
				}
				finally {
					this.pending.decrementAndGet();
				}
			});
		}
		catch (RejectedExecutionException ex) {
			// Closed: the lease bounds what the attempt can do.
			this.pending.decrementAndGet();
		}
	}

	@Override
	public void close() {
		this.releases.shutdown();
	}

}
