// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.engine;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

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

	private final ThreadPoolExecutor releases;

	AbandonedAttempts(GuardedStore store) {
		this.store = store;
		this.releases = new ThreadPoolExecutor(1, 1, 10, TimeUnit.SECONDS, new ArrayBlockingQueue<>(MAX_PENDING),
				(runnable) -> {
					Thread thread = new Thread(runnable, "redis-lock-abandoned-attempts");
					thread.setDaemon(true);
					return thread;
				});
		this.releases.allowCoreThreadTimeOut(true);
	}

	/**
	 * Runs on a thread of its own so the caller's failure is not delayed by another
	 * timeout; safe because no later hold reuses {@code ownerToken}. With pooled
	 * connections (Jedis) the release may overtake the attempt and undo nothing: the
	 * lease then bounds it.
	 */
	void takeBack(String name, String ownerToken) {
		try {
			this.releases.execute(
					() -> this.store.releaseQuietly(name, ownerToken, " after an attempt that failed in the store"));
		}
		catch (RejectedExecutionException ex) {
			// Closed, or too many pending: the lease bounds what the attempt can do.
		}
	}

	@Override
	public void close() {
		this.releases.shutdown();
	}

}
