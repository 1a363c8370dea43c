// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0
package io.github.redislock.redis;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import io.github.redislock.core.DistributedLock;

/**
 * Tries a lock from a fresh thread, as another caller would, and releases it again if
 * acquired: a probe of whether the lock is free that leaves nothing held.
 *
 * @author redis-lock contributors
 */
final class LockProbe {

	private LockProbe() {
	}

	/**
	 * Try the lock from a fresh thread.
	 * @param lock the lock to probe
	 * @param wait how long the probe waits for it
	 * @return whether the probe acquired it
	 */
	static boolean isFree(DistributedLock lock, Duration wait)
			throws InterruptedException, ExecutionException, TimeoutException {
		return CompletableFuture.supplyAsync(() -> tryAndRelease(lock, wait))
			.get(wait.plusSeconds(20).toMillis(), TimeUnit.MILLISECONDS);
	}

	private static boolean tryAndRelease(DistributedLock lock, Duration wait) {
		try {
			boolean acquired = lock.tryLock(wait, Duration.ofSeconds(10), false);
			if (acquired) {
				lock.unlock();
			}
			return acquired;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

}
