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
		work.run(() -> LockContext.current().getFencingToken());
	}

}
