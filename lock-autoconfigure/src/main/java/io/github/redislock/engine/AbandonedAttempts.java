// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.engine;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Takes back acquisition attempts that failed in the store (a command timeout while Redis
 * stalls, a connection lost with the command in flight). Redis may still run such an
 * attempt when it resumes, or the client may send it again on reconnecting: the lock
 * would then be held, or a hand-off queued, for an owner that gave up, and stay unused
 * for a whole lease. A release under the attempt's owner token, sent after the attempt on
 * the same connection, undoes it.
 * <p>
 * The release runs on a daemon thread of its own, so that the caller's failure is not
 * delayed by another command timeout. That is safe only because no later hold uses the
 * attempt's owner token ({@link OwnerTokens#newHold()}): the release can meet none. A
 * store whose commands may take other connections (a pool, Jedis) may run the release
 * first, which then undoes nothing: the lock frees itself after its lease, as before.
 *
 * @author redis-lock contributors
 * @since 0.1.0
 */
final class AbandonedAttempts implements AutoCloseable {

	/**
	 * Releases waiting to be sent at most; more are dropped, as their leases end anyway.
	 */
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
	 * Undo whatever a failed attempt may still do in the store.
	 * @param name the lock name
	 * @param ownerToken the owner token of the attempt, which its thread no longer uses
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
