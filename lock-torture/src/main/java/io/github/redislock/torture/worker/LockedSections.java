// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.torture.worker;

/**
 * One way of the starter's to run work under a lock: a worker uses either the annotation
 * or the programmatic API, so that a run covers both.
 *
 * @author redis-lock contributors
 */
interface LockedSections {

	/**
	 * Run work under a lock, waiting for it up to {@code TortureTimings.WAIT_MS}.
	 * @param lock the lock name
	 * @param work what to run while holding it
	 * @return whether the lock was acquired and the work ran
	 * @throws InterruptedException if the thread was interrupted
	 */
	boolean runLocked(String lock, LockedWork work) throws InterruptedException;

}
