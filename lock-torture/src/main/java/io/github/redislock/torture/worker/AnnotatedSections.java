// Copyright 2026 the original authors.
// SPDX-License-Identifier: Apache-2.0

package io.github.redislock.torture.worker;

import java.util.concurrent.TimeUnit;

import io.github.redislock.annotation.LockContext;
import io.github.redislock.annotation.RedisLock;
import io.github.redislock.torture.TortureTimings;

/**
 * Critical sections run through {@code @RedisLock}, as an application would write them.
 *
 * @author redis-lock contributors
 */
public class AnnotatedSections {

	/**
	 * Run work under the lock the annotation names.
	 * @param lock the lock name
	 * @param work what to run
	 * @throws InterruptedException if the thread was interrupted
	 */
	@RedisLock(key = "#lock", expire = TortureTimings.LEASE_MS, waitTime = TortureTimings.WAIT_MS,
			timeUnit = TimeUnit.MILLISECONDS)
	public void run(String lock, LockedWork work) throws InterruptedException {
		work.run(LockedWork.FencingTokenSource.of(() -> LockContext.current().getFencingToken(),
				(token) -> LockContext.current().raiseFencingTokensAbove(token)));
	}

}
